-- A sale price that is not below the price never applied (the price rule uses a sale price only when it is lower): clear it so the check holds on every database.
UPDATE "products" SET "sale_price" = NULL WHERE "sale_price" IS NOT NULL AND ("sale_price" >= "price" OR "sale_price" < 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sale_price_below_price" CHECK ("products"."sale_price" is null or ("products"."sale_price" >= 0 and "products"."sale_price" < "products"."price"));
