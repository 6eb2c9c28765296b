ALTER TABLE "memorials" ADD COLUMN "gallery_audience" text DEFAULT 'people' NOT NULL;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written: the photos already there keep the order lists showed them in, newest first.
UPDATE "photos" SET "position" = numbered.n
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "memorial_id" ORDER BY "created_at" DESC, "id" DESC) AS n
  FROM "photos"
) AS numbered
WHERE "photos"."id" = numbered."id";--> statement-breakpoint
CREATE INDEX "photos_memorial_position_idx" ON "photos" USING btree ("memorial_id","position","id");--> statement-breakpoint
ALTER TABLE "memorials" ADD CONSTRAINT "memorials_gallery_audience_check" CHECK ("memorials"."gallery_audience" in ('people', 'visitors'));
