-- Start-up looks for products whose search names must be written again (nearly always none): an
-- index of just those, so a start on a million products reads nothing (it read the whole table).
CREATE INDEX "products_search_names_missing" ON "products" USING btree ("id") WHERE "products"."search_names" = '';
