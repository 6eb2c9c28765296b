ALTER TABLE "memorials" ADD COLUMN "observe_yahrzeit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "memorials" ADD COLUMN "died_after_sunset" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "memorials" ADD COLUMN "calendar_revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- hand-written:
-- The calendar feed's SEQUENCE moves on whenever what its events say changes: the name, either
-- date, or a yahrzeit setting, whichever path (an edit, the settings, an admin) made the change.
CREATE OR REPLACE FUNCTION memorials_raise_calendar_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."title" IS DISTINCT FROM OLD."title"
    OR NEW."date_of_birth" IS DISTINCT FROM OLD."date_of_birth"
    OR NEW."death_date" IS DISTINCT FROM OLD."death_date"
    OR NEW."observe_yahrzeit" IS DISTINCT FROM OLD."observe_yahrzeit"
    OR NEW."died_after_sunset" IS DISTINCT FROM OLD."died_after_sunset" THEN
    NEW."calendar_revision" := OLD."calendar_revision" + 1;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "memorials_calendar_revision" BEFORE UPDATE ON "memorials"
FOR EACH ROW EXECUTE FUNCTION memorials_raise_calendar_revision();
