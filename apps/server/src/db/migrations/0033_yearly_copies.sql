CREATE TABLE "copy_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"memorial_id" uuid NOT NULL,
	"email" text NOT NULL,
	"added_by" uuid NOT NULL,
	"token_hash" text,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "copy_addresses_memorial_email_key" UNIQUE("memorial_id","email"),
	CONSTRAINT "copy_addresses_token_hash_key" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "yearly_copies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"memorial_id" uuid NOT NULL,
	"recipient" text NOT NULL,
	"period" text NOT NULL,
	"reason" text NOT NULL,
	"user_id" uuid,
	"address_id" uuid,
	"queued_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "yearly_copies_recipient_period_key" UNIQUE("memorial_id","recipient","period")
);
--> statement-breakpoint
CREATE TABLE "yearly_copy_opt_outs" (
	"memorial_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "yearly_copy_opt_outs_memorial_id_user_id_pk" PRIMARY KEY("memorial_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "yearly_copy_runs" (
	"memorial_id" uuid NOT NULL,
	"period" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "yearly_copy_runs_memorial_id_period_pk" PRIMARY KEY("memorial_id","period")
);
--> statement-breakpoint
ALTER TABLE "archive_downloads" ADD COLUMN "copy_id" uuid;--> statement-breakpoint
ALTER TABLE "copy_addresses" ADD CONSTRAINT "copy_addresses_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copy_addresses" ADD CONSTRAINT "copy_addresses_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yearly_copies" ADD CONSTRAINT "yearly_copies_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yearly_copies" ADD CONSTRAINT "yearly_copies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yearly_copies" ADD CONSTRAINT "yearly_copies_address_id_copy_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."copy_addresses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yearly_copy_opt_outs" ADD CONSTRAINT "yearly_copy_opt_outs_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yearly_copy_opt_outs" ADD CONSTRAINT "yearly_copy_opt_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yearly_copy_runs" ADD CONSTRAINT "yearly_copy_runs_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "yearly_copies_unsent_idx" ON "yearly_copies" USING btree ("queued_at") WHERE "yearly_copies"."sent_at" is null and "yearly_copies"."ended_at" is null;--> statement-breakpoint
-- hand-written: an archive built for a yearly copy names its copy (and goes with it), and never
-- counts as the member's own archive waiting: the pending key leaves such archives out.
ALTER TABLE "archive_downloads" ADD CONSTRAINT "archive_downloads_copy_id_yearly_copies_id_fk"
  FOREIGN KEY ("copy_id") REFERENCES "public"."yearly_copies"("id") ON DELETE cascade;--> statement-breakpoint
DROP INDEX "archive_downloads_pending_key";--> statement-breakpoint
CREATE UNIQUE INDEX "archive_downloads_pending_key" ON "archive_downloads"
  ("user_id", "kind", COALESCE("memorial_id", '00000000-0000-0000-0000-000000000000'::uuid))
  WHERE "used_at" IS NULL AND "copy_id" IS NULL;
