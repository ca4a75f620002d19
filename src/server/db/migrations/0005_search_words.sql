CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE FUNCTION "search_words_from_products"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_words" ("word")
    SELECT DISTINCT w.lexeme
    FROM "new_rows" r, unnest(to_tsvector('simple', r."search_names")) AS w
    WHERE length(w.lexeme) BETWEEN 3 AND 40
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_search_words_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_words_from_products"();
--> statement-breakpoint
CREATE TRIGGER "products_search_words_update" AFTER UPDATE ON "products"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_words_from_products"();
--> statement-breakpoint
INSERT INTO "search_words" ("word")
  SELECT DISTINCT w.lexeme
  FROM "products" p, unnest(to_tsvector('simple', p."search_names")) AS w
  WHERE length(w.lexeme) BETWEEN 3 AND 40
ON CONFLICT DO NOTHING;
