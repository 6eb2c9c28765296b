-- The search vocabulary (decision 0079). A memorial's words: its title, description and tags,
-- lower-cased, split on ASCII white space and the tag separator (U+001F). A word longer than 64
-- characters (a pasted address, or a sentence in a script written without spaces) is kept as
-- pieces of 128 characters starting every 64, so that any part of it up to 64 characters long
-- lies inside one piece, and no index entry outgrows an index page.
CREATE OR REPLACE FUNCTION memorial_search_words(title text, description text, tags_text text)
RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT piece), '{}')
  FROM unnest(regexp_split_to_array(
         lower(coalesce(title, '') || ' ' || coalesce(description, '') || ' ' || coalesce(tags_text, '')),
         E'[ \\t\\n\\r\\f\\v\\x1f]+')) AS word,
       LATERAL (
         SELECT CASE WHEN length(word) <= 64 THEN word ELSE substr(word, start, 128) END AS piece
         FROM generate_series(1, greatest(length(word) - 64, 1), 64) AS start
       ) AS pieces
  WHERE word <> ''
$$;--> statement-breakpoint
CREATE TABLE "search_vocabulary" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- Words are added in order, so two writers adding the same new words wait for each other
-- instead of deadlocking. A word is never removed: one that no memorial holds any more only
-- finds nothing.
CREATE OR REPLACE FUNCTION search_vocabulary_add_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_vocabulary" ("word")
  SELECT DISTINCT w FROM inserted, unnest(memorial_search_words(inserted."title", inserted."description", inserted."tags_text")) AS w
  ORDER BY w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "memorials_search_vocabulary_insert" AFTER INSERT ON "memorials"
REFERENCING NEW TABLE AS inserted
FOR EACH STATEMENT EXECUTE FUNCTION search_vocabulary_add_inserted();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_vocabulary_add_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_vocabulary" ("word")
  SELECT DISTINCT w FROM unnest(memorial_search_words(NEW."title", NEW."description", NEW."tags_text")) AS w
  ORDER BY w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "memorials_search_vocabulary_update" AFTER UPDATE OF "title", "description", "tags_text" ON "memorials"
FOR EACH ROW
WHEN (OLD."title" IS DISTINCT FROM NEW."title" OR OLD."description" IS DISTINCT FROM NEW."description" OR OLD."tags_text" IS DISTINCT FROM NEW."tags_text")
EXECUTE FUNCTION search_vocabulary_add_updated();--> statement-breakpoint
-- The words of the memorials already here.
INSERT INTO "search_vocabulary" ("word")
SELECT DISTINCT w FROM "memorials", unnest(memorial_search_words("title", "description", "tags_text")) AS w
ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE INDEX "search_vocabulary_trgm_idx" ON "search_vocabulary" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "memorials_search_words_idx" ON "memorials" USING gin (memorial_search_words("title", "description", "tags_text"));
