-- The admin books list on a million books (decision 59): an index per sort column so a page is read in
-- its order and stops when full, and the search names lowered once so its search is a plain like.
ALTER TABLE "products" ADD COLUMN "search_key" text GENERATED ALWAYS AS (lower("products"."search_names")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_title_id_index" ON "products" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "products_price_id_index" ON "products" USING btree ("price","id");--> statement-breakpoint
CREATE INDEX "products_stock_id_index" ON "products" USING btree ("stock","id");--> statement-breakpoint
CREATE INDEX "products_sold_count_id_index" ON "products" USING btree ("sold_count","id");--> statement-breakpoint
CREATE INDEX "products_created_at_id_index" ON "products" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "products_search_key_trgm_idx" ON "products" USING gin ("search_key" gin_trgm_ops);
