-- hand-written:
-- An unlisted memorial's short code is long enough that guessing it is hopeless: 18 characters
-- of the 31-character alphabet, 18 × log2(31) ≈ 89.2 bits; every other memorial keeps 8
-- (decision 0086). Codes are drawn from the database's strong random source (gen_random_uuid,
-- not random()): two random bytes of a fresh UUID per character, 65,536 mod 31 = 2, so the
-- characters are uniform to within 1 part in 30,000.
CREATE OR REPLACE FUNCTION memorial_short_code(length integer) RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT string_agg(
    substr('23456789abcdefghjkmnpqrstuvwxyz', 1 + (get_byte(draw, 0) * 256 + get_byte(draw, 1)) % 31, 1),
    '')
  FROM (SELECT uuid_send(gen_random_uuid()) AS draw FROM generate_series(1, length)) AS draws
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION memorial_short_code() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT memorial_short_code(8)
$$;--> statement-breakpoint
-- Unlisted memorials made before: a new long code now. The old short one stops leading anywhere,
-- since anyone could find it by trying codes.
UPDATE "memorials" SET "short_code" = memorial_short_code(18)
WHERE "visibility" = 'unlisted' AND length("short_code") < 18;--> statement-breakpoint
ALTER TABLE "memorials" ADD CONSTRAINT "memorials_unlisted_short_code_check"
  CHECK ("visibility" <> 'unlisted' OR length("short_code") >= 18);--> statement-breakpoint
-- A memorial inserted without a code gets one (a restore of an archive made before short links
-- inserts a null); one inserted unlisted with a short code, or made unlisted later, gets a new
-- long one. Leaving unlisted keeps the code, so links already sent keep working.
CREATE OR REPLACE FUNCTION memorials_fill_short_code() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."visibility" = 'unlisted' AND (
    TG_OP = 'UPDATE' AND OLD."visibility" IS DISTINCT FROM 'unlisted'
    OR NEW."short_code" IS NULL
    OR length(NEW."short_code") < 18
  ) THEN
    NEW."short_code" := memorial_short_code(18);
  ELSIF NEW."short_code" IS NULL THEN
    NEW."short_code" := memorial_short_code();
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER "memorials_fill_short_code" ON "memorials";--> statement-breakpoint
CREATE TRIGGER "memorials_fill_short_code" BEFORE INSERT OR UPDATE OF "visibility", "short_code" ON "memorials"
FOR EACH ROW EXECUTE FUNCTION memorials_fill_short_code();
