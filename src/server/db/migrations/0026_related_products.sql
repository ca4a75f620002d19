-- A product page read its related products with a statement ranking the authors' and the tracks'
-- best sellers (most of its PostgreSQL time): the jobs now keep them per product (decision 60).
CREATE TABLE "related_products" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"ids" integer[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "related_products" ADD CONSTRAINT "related_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;