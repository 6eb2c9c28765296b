ALTER TABLE "archive_downloads" ALTER COLUMN "memorial_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "archive_downloads" ALTER COLUMN "token_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "archive_downloads" ALTER COLUMN "storage_key" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "archive_downloads" ALTER COLUMN "size_bytes" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "archive_downloads" ALTER COLUMN "file_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "archive_downloads" ADD COLUMN "kind" text DEFAULT 'memorial' NOT NULL;--> statement-breakpoint
CREATE INDEX "archive_downloads_expires_at_idx" ON "archive_downloads" USING btree ("expires_at");--> statement-breakpoint
-- hand-written: a member has at most one archive waiting (being built, or built and not yet
-- downloaded) per memorial, and one take-out. Older duplicates count as superseded (marked used);
-- the periodic sweep removes them with their files once they expire.
UPDATE "archive_downloads" AS d SET "used_at" = now()
WHERE d."used_at" IS NULL AND EXISTS (
  SELECT 1 FROM "archive_downloads" AS n
  WHERE n."user_id" = d."user_id" AND n."memorial_id" = d."memorial_id" AND n."used_at" IS NULL
    AND (n."created_at", n."id") > (d."created_at", d."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "archive_downloads_pending_key" ON "archive_downloads"
  ("user_id", "kind", COALESCE("memorial_id", '00000000-0000-0000-0000-000000000000'::uuid))
  WHERE "used_at" IS NULL;--> statement-breakpoint
ALTER TABLE "archive_downloads" ADD CONSTRAINT "archive_downloads_kind_memorial_check"
  CHECK (("kind" = 'memorial') = ("memorial_id" IS NOT NULL));
