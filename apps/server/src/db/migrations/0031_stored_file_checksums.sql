CREATE TABLE "stored_file_checksums" (
	"key" text PRIMARY KEY NOT NULL,
	"sha256" text,
	"size" bigint,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_checked_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "stored_file_checksums_sha256_hex" CHECK ("stored_file_checksums"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE INDEX "stored_file_checksums_key_prefix_idx" ON "stored_file_checksums" USING btree ("key" text_pattern_ops);