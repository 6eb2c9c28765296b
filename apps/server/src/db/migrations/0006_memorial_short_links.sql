-- Short links (/m/{code}) and the poster line (decision 0070). The code is 8 characters from an
-- alphabet without look-alikes (no 0/o, 1/l/i): 31^8 codes. A volatile default is evaluated per
-- row, so existing memorials each get their own code as the column is added.
CREATE OR REPLACE FUNCTION memorial_short_code() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT string_agg(substr('23456789abcdefghjkmnpqrstuvwxyz', 1 + floor(random() * 31)::int, 1), '')
  FROM generate_series(1, 8)
$$;--> statement-breakpoint
ALTER TABLE "memorials" ADD COLUMN "short_code" text DEFAULT memorial_short_code() NOT NULL;--> statement-breakpoint
ALTER TABLE "memorials" ADD COLUMN "poster_line" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Two existing memorials drawing the same code is unlikely but possible: draw again until unique.
DO $$
BEGIN
  LOOP
    UPDATE "memorials" SET "short_code" = memorial_short_code()
    WHERE "id" IN (
      SELECT "id" FROM (
        SELECT "id", row_number() OVER (PARTITION BY "short_code" ORDER BY "created_at", "id") AS n
        FROM "memorials"
      ) ranked
      WHERE n > 1
    );
    EXIT WHEN NOT EXISTS (
      SELECT 1 FROM "memorials" GROUP BY "short_code" HAVING count(*) > 1
    );
  END LOOP;
END $$;--> statement-breakpoint
CREATE UNIQUE INDEX "memorials_short_code_idx" ON "memorials" USING btree ("short_code");--> statement-breakpoint
-- A restore inserts every column, so an archive from before short links inserts a null code:
-- the memorial gets a new one.
CREATE OR REPLACE FUNCTION memorials_fill_short_code() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."short_code" IS NULL THEN
    NEW."short_code" := memorial_short_code();
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "memorials_fill_short_code" BEFORE INSERT ON "memorials"
FOR EACH ROW EXECUTE FUNCTION memorials_fill_short_code();
