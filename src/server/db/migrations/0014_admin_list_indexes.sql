CREATE INDEX "products_updated_at_id_index" ON "products" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "products_kind_stock_index" ON "products" USING btree ("kind","stock");