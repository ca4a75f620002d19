CREATE TABLE "reading_progress" (
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"page" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reading_progress_user_id_product_id_pk" PRIMARY KEY("user_id","product_id"),
	CONSTRAINT "reading_progress_page" CHECK ("reading_progress"."page" >= 1)
);
--> statement-breakpoint
ALTER TABLE "reading_progress" ADD CONSTRAINT "reading_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_progress" ADD CONSTRAINT "reading_progress_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;