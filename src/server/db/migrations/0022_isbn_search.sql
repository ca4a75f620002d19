-- A search that is an ISBN (with or without hyphens) finds its book through this index (issue 29).
CREATE INDEX "book_details_isbn_digits" ON "book_details" USING btree (upper(regexp_replace("isbn", '[^0-9Xx]', '', 'g')));
