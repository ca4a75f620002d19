-- Trigram indexes (typo-tolerant search) need pg_trgm; PGlite loads it as an extension.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
