-- A search by relevance reads the matches tier by tier (the best-selling first) through one GIN
-- index of the document and the tier (btree_gin), and stops at the ranked set's size; its prefixes
-- are looked up in the words of every document and searched as whole words (decision 58).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
-- Bytewise order: a prefix is one range of the key in any database's collation.
CREATE TABLE "search_lexemes" (
	"word" text COLLATE "C" PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION search_lexemes_from_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_lexemes" ("word")
    SELECT DISTINCT w.lexeme FROM "new_rows" r, unnest(r."search_vector") AS w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Only rows whose document changed: a stock or sold-count update costs one join of itself.
CREATE FUNCTION search_lexemes_from_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_lexemes" ("word")
    SELECT DISTINCT w.lexeme FROM "new_rows" r
      JOIN "old_rows" o ON o."id" = r."id" AND o."search_vector" IS DISTINCT FROM r."search_vector",
      unnest(r."search_vector") AS w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_search_lexemes_insert AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_lexemes_from_new();--> statement-breakpoint
CREATE TRIGGER products_search_lexemes_update AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_lexemes_from_changed();--> statement-breakpoint
INSERT INTO "search_lexemes" ("word") SELECT "word" FROM ts_stat('SELECT "search_vector" FROM "products"') ON CONFLICT DO NOTHING;--> statement-breakpoint
-- A statement that calls this is never planned in parallel: the tiered search reads its tiers in
-- order and keeps the first matches, which a parallel append would mix.
CREATE FUNCTION serial_plan() RETURNS boolean LANGUAGE sql STABLE PARALLEL UNSAFE AS 'SELECT true';--> statement-breakpoint
DROP INDEX "products_search_vector_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_tier" smallint DEFAULT 11 NOT NULL;--> statement-breakpoint
-- The tiers as the job computes them (refreshSearchTiers), before the index is built.
UPDATE "products" AS p SET "search_tier" = r.tier
FROM (
  SELECT "id", least(11, floor(log(2, (row_number() OVER (ORDER BY "sold_count" DESC, "id") - 1) / 1000.0 + 1)))::smallint AS tier
  FROM "products" WHERE "published"
) AS r
WHERE p."id" = r."id" AND p."search_tier" <> r.tier;--> statement-breakpoint
CREATE INDEX "products_search_tiered_idx" ON "products" USING gin ("search_vector","search_tier");
