CREATE TABLE "legacy_access" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"release_id" uuid NOT NULL,
	"email" text NOT NULL,
	"steward_row_id" uuid,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "legacy_access_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"access_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legacy_death_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"release_id" uuid NOT NULL,
	"steward_row_id" uuid NOT NULL,
	"date_of_death" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legacy_plans" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"reports_needed" integer DEFAULT 1 NOT NULL,
	"waiting_days" integer DEFAULT 7 NOT NULL,
	"inactivity_months" integer,
	"sections" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"inactivity_warned" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legacy_plans_reports_needed_check" CHECK ("legacy_plans"."reports_needed" in (1, 2)),
	CONSTRAINT "legacy_plans_waiting_days_check" CHECK ("legacy_plans"."waiting_days" in (1, 2, 7, 14, 30, 90))
);
--> statement-breakpoint
CREATE TABLE "legacy_releases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"state" text NOT NULL,
	"trigger" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"waiting_from" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"halfway_mailed_at" timestamp with time zone,
	"day_before_mailed_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"access_until" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"death_date" date,
	"memorial_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legacy_releases_state_check" CHECK ("legacy_releases"."state" in ('reported', 'waiting', 'stopped', 'withdrawn', 'released', 'revoked', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "legacy_stewards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"email" text NOT NULL,
	"steward_id" uuid,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"left_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "legacy_accomplishments" ADD COLUMN "release" text DEFAULT 'section' NOT NULL;--> statement-breakpoint
ALTER TABLE "legacy_accomplishments" ADD COLUMN "release_to" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "legacy_aspirations" ADD COLUMN "release" text DEFAULT 'section' NOT NULL;--> statement-breakpoint
ALTER TABLE "legacy_aspirations" ADD COLUMN "release_to" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "legacy_assets" ADD COLUMN "release" text DEFAULT 'section' NOT NULL;--> statement-breakpoint
ALTER TABLE "legacy_assets" ADD COLUMN "release_to" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "legacy_bucket_list" ADD COLUMN "release" text DEFAULT 'section' NOT NULL;--> statement-breakpoint
ALTER TABLE "legacy_bucket_list" ADD COLUMN "release_to" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "legacy_relationships" ADD COLUMN "release" text DEFAULT 'section' NOT NULL;--> statement-breakpoint
ALTER TABLE "legacy_relationships" ADD COLUMN "release_to" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "legacy_access" ADD CONSTRAINT "legacy_access_release_id_legacy_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."legacy_releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_access" ADD CONSTRAINT "legacy_access_steward_row_id_legacy_stewards_id_fk" FOREIGN KEY ("steward_row_id") REFERENCES "public"."legacy_stewards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_access_views" ADD CONSTRAINT "legacy_access_views_access_id_legacy_access_id_fk" FOREIGN KEY ("access_id") REFERENCES "public"."legacy_access"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_death_reports" ADD CONSTRAINT "legacy_death_reports_release_id_legacy_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."legacy_releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_death_reports" ADD CONSTRAINT "legacy_death_reports_steward_row_id_legacy_stewards_id_fk" FOREIGN KEY ("steward_row_id") REFERENCES "public"."legacy_stewards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_plans" ADD CONSTRAINT "legacy_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_releases" ADD CONSTRAINT "legacy_releases_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_releases" ADD CONSTRAINT "legacy_releases_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_stewards" ADD CONSTRAINT "legacy_stewards_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_stewards" ADD CONSTRAINT "legacy_stewards_steward_id_users_id_fk" FOREIGN KEY ("steward_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "legacy_access_token_key" ON "legacy_access" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "legacy_access_release_email_key" ON "legacy_access" USING btree ("release_id","email");--> statement-breakpoint
CREATE INDEX "legacy_access_views_access_idx" ON "legacy_access_views" USING btree ("access_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "legacy_death_reports_key" ON "legacy_death_reports" USING btree ("release_id","steward_row_id");--> statement-breakpoint
CREATE INDEX "legacy_releases_owner_idx" ON "legacy_releases" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "legacy_releases_state_idx" ON "legacy_releases" USING btree ("state");--> statement-breakpoint
CREATE UNIQUE INDEX "legacy_releases_open_key" ON "legacy_releases" USING btree ("owner_id") WHERE "legacy_releases"."state" in ('reported', 'waiting');--> statement-breakpoint
CREATE INDEX "legacy_stewards_owner_idx" ON "legacy_stewards" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "legacy_stewards_steward_idx" ON "legacy_stewards" USING btree ("steward_id");--> statement-breakpoint
CREATE UNIQUE INDEX "legacy_stewards_token_key" ON "legacy_stewards" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "legacy_stewards_owner_email_key" ON "legacy_stewards" USING btree ("owner_id","email") WHERE "legacy_stewards"."left_at" is null;--> statement-breakpoint
ALTER TABLE "legacy_accomplishments" ADD CONSTRAINT "legacy_accomplishments_release_check" CHECK ("legacy_accomplishments"."release" in ('section', 'private', 'stewards', 'beneficiaries'));--> statement-breakpoint
ALTER TABLE "legacy_aspirations" ADD CONSTRAINT "legacy_aspirations_release_check" CHECK ("legacy_aspirations"."release" in ('section', 'private', 'stewards', 'beneficiaries'));--> statement-breakpoint
ALTER TABLE "legacy_assets" ADD CONSTRAINT "legacy_assets_release_check" CHECK ("legacy_assets"."release" in ('section', 'private', 'stewards', 'beneficiaries'));--> statement-breakpoint
ALTER TABLE "legacy_bucket_list" ADD CONSTRAINT "legacy_bucket_list_release_check" CHECK ("legacy_bucket_list"."release" in ('section', 'private', 'stewards', 'beneficiaries'));--> statement-breakpoint
ALTER TABLE "legacy_relationships" ADD CONSTRAINT "legacy_relationships_release_check" CHECK ("legacy_relationships"."release" in ('section', 'private', 'stewards', 'beneficiaries'));