CREATE TYPE "public"."product_kind" AS ENUM('book', 'ebook', 'bundle', 'stationary', 'content');--> statement-breakpoint
CREATE TABLE "authors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "authors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"name_bn" text,
	"bio" text DEFAULT '' NOT NULL,
	"photo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "authors_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "book_details" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"publisher" text,
	"edition" text,
	"isbn" text,
	"pages" integer
);
--> statement-breakpoint
CREATE TABLE "bundle_items" (
	"bundle_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "bundle_items_bundle_id_item_id_pk" PRIMARY KEY("bundle_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "content_chapters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_chapters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ebook_details" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"book_id" integer,
	"pdf_key" text,
	"page_count" integer DEFAULT 0 NOT NULL,
	"demo_pages" integer[] DEFAULT '{}'::integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "info_pages" (
	"slug" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_authors" (
	"product_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_authors_product_id_author_id_pk" PRIMARY KEY("product_id","author_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" "product_kind" NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"title_bn" text,
	"description" text DEFAULT '' NOT NULL,
	"price" integer NOT NULL,
	"sale_price" integer,
	"stock" integer,
	"image" text,
	"tracks" text[] DEFAULT '{}'::text[] NOT NULL,
	"hsc_year" smallint,
	"language" text DEFAULT 'bn' NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"sold_count" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"search_names" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', coalesce("products"."search_names", '')), 'A') || setweight(to_tsvector('simple', coalesce("products"."description", '')), 'C')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stationery_details" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"brand" text,
	"category" text NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "book_details" ADD CONSTRAINT "book_details_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_items" ADD CONSTRAINT "bundle_items_bundle_id_products_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_items" ADD CONSTRAINT "bundle_items_item_id_products_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_chapters" ADD CONSTRAINT "content_chapters_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebook_details" ADD CONSTRAINT "ebook_details_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebook_details" ADD CONSTRAINT "ebook_details_book_id_products_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_authors" ADD CONSTRAINT "product_authors_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_authors" ADD CONSTRAINT "product_authors_author_id_authors_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."authors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stationery_details" ADD CONSTRAINT "stationery_details_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bundle_items_item_id_index" ON "bundle_items" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "content_chapters_product_id_position_index" ON "content_chapters" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "ebook_details_book_id_index" ON "ebook_details" USING btree ("book_id");--> statement-breakpoint
CREATE INDEX "product_authors_author_id_index" ON "product_authors" USING btree ("author_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_kind_slug_index" ON "products" USING btree ("kind","slug");--> statement-breakpoint
CREATE INDEX "products_kind_published_created_at_index" ON "products" USING btree ("kind","published","created_at");--> statement-breakpoint
CREATE INDEX "products_kind_published_price_index" ON "products" USING btree ("kind","published","price");--> statement-breakpoint
CREATE INDEX "products_kind_published_sold_count_index" ON "products" USING btree ("kind","published","sold_count");--> statement-breakpoint
CREATE INDEX "products_published_sold_count_index" ON "products" USING btree ("published","sold_count");--> statement-breakpoint
CREATE INDEX "products_tracks_index" ON "products" USING gin ("tracks");--> statement-breakpoint
CREATE INDEX "products_hsc_year_index" ON "products" USING btree ("hsc_year");--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_search_names_trgm_idx" ON "products" USING gin ("search_names" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_product_id_user_id_index" ON "reviews" USING btree ("product_id","user_id");--> statement-breakpoint
CREATE INDEX "reviews_product_id_hidden_created_at_index" ON "reviews" USING btree ("product_id","hidden","created_at");--> statement-breakpoint
CREATE INDEX "stationery_details_category_index" ON "stationery_details" USING btree ("category");