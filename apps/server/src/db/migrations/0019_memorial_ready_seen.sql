ALTER TABLE "memorials" ADD COLUMN "ready_seen_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written: memorials made before the "is ready" card were long since seen.
UPDATE "memorials" SET "ready_seen_at" = "created_at" WHERE "ready_seen_at" IS NULL;
