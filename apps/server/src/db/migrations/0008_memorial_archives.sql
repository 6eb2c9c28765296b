CREATE TABLE "archive_downloads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"memorial_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"storage_key" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"file_name" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "author_name" text;--> statement-breakpoint
ALTER TABLE "flowers" ADD COLUMN "author_name" text;--> statement-breakpoint
ALTER TABLE "memorabilia" ADD COLUMN "author_name" text;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "author_name" text;--> statement-breakpoint
ALTER TABLE "prayers" ADD COLUMN "author_name" text;--> statement-breakpoint
ALTER TABLE "archive_downloads" ADD CONSTRAINT "archive_downloads_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archive_downloads" ADD CONSTRAINT "archive_downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "archive_downloads_token_hash_key" ON "archive_downloads" USING btree ("token_hash");