-- Search without accents or case, on both sides (docs/decisions/0102-search-accents-and-suggestions.md):
-- "Rosa Maria" finds "Rosa María", "Jose" finds "José". search_fold is the text as search
-- compares it: unaccent() (not IMMUTABLE, since its rules file could change) wrapped in an
-- IMMUTABLE function naming its dictionary, so indexes may use it, then lower-cased.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_fold(value text)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1))
$$;--> statement-breakpoint
-- A memorial's words (migration 0010) are folded the same way. The index over them is dropped
-- before its function changes and built again below, from the new words.
DROP INDEX "memorials_search_words_idx";--> statement-breakpoint
CREATE OR REPLACE FUNCTION memorial_search_words(title text, description text, tags_text text)
RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT piece), '{}')
  FROM unnest(regexp_split_to_array(
         public.search_fold(coalesce(title, '') || ' ' || coalesce(description, '') || ' ' || coalesce(tags_text, '')),
         E'[ \\t\\n\\r\\f\\v\\x1f]+')) AS word,
       LATERAL (
         SELECT CASE WHEN length(word) <= 64 THEN word ELSE substr(word, start, 128) END AS piece
         FROM generate_series(1, greatest(length(word) - 64, 1), 64) AS start
       ) AS pieces
  WHERE word <> ''
$$;--> statement-breakpoint
-- The vocabulary again, from the memorials already here: its accented words would only make
-- lookups longer, as no memorial's words hold them any more.
DELETE FROM "search_vocabulary";--> statement-breakpoint
INSERT INTO "search_vocabulary" ("word")
SELECT DISTINCT w FROM "memorials", unnest(memorial_search_words("title", "description", "tags_text")) AS w
ORDER BY w
ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE INDEX "memorials_search_words_idx" ON "memorials" USING gin (memorial_search_words("title", "description", "tags_text"));--> statement-breakpoint
DROP INDEX "memorials_title_trgm_idx";--> statement-breakpoint
DROP INDEX "memorials_description_trgm_idx";--> statement-breakpoint
DROP INDEX "memorials_tags_trgm_idx";--> statement-breakpoint
CREATE INDEX "memorials_title_trgm_idx" ON "memorials" USING gin (search_fold("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "memorials_description_trgm_idx" ON "memorials" USING gin (search_fold("description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "memorials_tags_trgm_idx" ON "memorials" USING gin (search_fold("tags_text") gin_trgm_ops);
