-- A search by relevance read each tier's matches from the GIN index of the document and the tier:
-- every read walked each word's whole list of products and kept the tier's, so a rare match (a
-- title of several words) cost twelve walks of common words' lists. The words are now indexed under
-- their tier's name as well ("3|physics"): a tier's read finds only that tier's entries (decision 61).
CREATE FUNCTION search_tagged(document tsvector, tier smallint) RETURNS tsvector
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT array_to_tsvector(array(SELECT tier::text || '|' || w FROM unnest(tsvector_to_array(document)) AS w)) $$;--> statement-breakpoint
CREATE INDEX "products_search_tagged_idx" ON "products" USING gin (search_tagged("search_vector", "search_tier"));
