CREATE TABLE "memorial_access_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"memorial_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memorial_activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"memorial_id" uuid NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"target_name" text,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memorial_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"memorial_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memorial_people" (
	"memorial_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memorial_people_memorial_id_user_id_pk" PRIMARY KEY("memorial_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "tribute_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"memorial_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Every memorial's owner and contributors move into its people before the old table goes.
INSERT INTO "memorial_people" ("memorial_id", "user_id", "role", "created_at")
SELECT "id", "owner_id", 'owner', "created_at" FROM "memorials";--> statement-breakpoint
INSERT INTO "memorial_people" ("memorial_id", "user_id", "role", "created_at")
SELECT c."memorial_id", c."user_id", 'contributor', c."created_at"
FROM "memorial_contributors" c
JOIN "memorials" m ON m."id" = c."memorial_id"
WHERE c."user_id" <> m."owner_id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP TABLE "memorial_contributors" CASCADE;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "memorials" ADD COLUMN "visibility" text DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE "memorials" ADD COLUMN "indexable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "memorials" ADD COLUMN "tribute_moderation" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "memorials" ADD COLUMN "allow_access_requests" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "memorials" ADD COLUMN "successor_id" uuid;--> statement-breakpoint
ALTER TABLE "memorials" ADD COLUMN "pending_owner_id" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "flowers" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "memorabilia" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "prayers" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "memorial_access_requests" ADD CONSTRAINT "memorial_access_requests_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_access_requests" ADD CONSTRAINT "memorial_access_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_access_requests" ADD CONSTRAINT "memorial_access_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_activity" ADD CONSTRAINT "memorial_activity_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_activity" ADD CONSTRAINT "memorial_activity_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_invitations" ADD CONSTRAINT "memorial_invitations_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_invitations" ADD CONSTRAINT "memorial_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_invitations" ADD CONSTRAINT "memorial_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_people" ADD CONSTRAINT "memorial_people_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_people" ADD CONSTRAINT "memorial_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tribute_reports" ADD CONSTRAINT "tribute_reports_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tribute_reports" ADD CONSTRAINT "tribute_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memorial_access_requests_memorial_idx" ON "memorial_access_requests" USING btree ("memorial_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "memorial_access_requests_pending_key" ON "memorial_access_requests" USING btree ("memorial_id","user_id") WHERE "memorial_access_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "memorial_activity_memorial_idx" ON "memorial_activity" USING btree ("memorial_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "memorial_invitations_token_hash_key" ON "memorial_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "memorial_invitations_memorial_idx" ON "memorial_invitations" USING btree ("memorial_id");--> statement-breakpoint
CREATE INDEX "memorial_invitations_email_idx" ON "memorial_invitations" USING btree ("email");--> statement-breakpoint
CREATE INDEX "memorial_people_user_idx" ON "memorial_people" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "memorial_people_one_owner_key" ON "memorial_people" USING btree ("memorial_id") WHERE "memorial_people"."role" = 'owner';--> statement-breakpoint
CREATE INDEX "tribute_reports_memorial_idx" ON "tribute_reports" USING btree ("memorial_id","resolved_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tribute_reports_once_key" ON "tribute_reports" USING btree ("kind","item_id","reporter_id");--> statement-breakpoint
CREATE INDEX "tribute_reports_open_idx" ON "tribute_reports" USING btree ("created_at") WHERE "tribute_reports"."resolved_at" IS NULL;--> statement-breakpoint
ALTER TABLE "memorials" ADD CONSTRAINT "memorials_successor_id_users_id_fk" FOREIGN KEY ("successor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorials" ADD CONSTRAINT "memorials_pending_owner_id_users_id_fk" FOREIGN KEY ("pending_owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;