CREATE TABLE "follow_digests" (
	"follow_id" uuid NOT NULL,
	"period" text NOT NULL,
	"mailed" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follow_digests_follow_id_period_pk" PRIMARY KEY("follow_id","period")
);
--> statement-breakpoint
CREATE TABLE "follows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"memorial_id" uuid NOT NULL,
	"user_id" uuid,
	"email" text,
	"guest_name" text DEFAULT '' NOT NULL,
	"frequency" text DEFAULT 'weekly' NOT NULL,
	"confirm_token_hash" text,
	"confirm_expires_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"covered_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_frequency_check" CHECK ("follows"."frequency" in ('weekly', 'daily')),
	CONSTRAINT "follows_follower_check" CHECK (("follows"."user_id" is null) <> ("follows"."email" is null))
);
--> statement-breakpoint
ALTER TABLE "follow_digests" ADD CONSTRAINT "follow_digests_follow_id_follows_id_fk" FOREIGN KEY ("follow_id") REFERENCES "public"."follows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follow_digests_created_idx" ON "follow_digests" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "follows_member_key" ON "follows" USING btree ("memorial_id","user_id") WHERE "follows"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "follows_guest_key" ON "follows" USING btree ("memorial_id","email") WHERE "follows"."email" is not null;--> statement-breakpoint
CREATE INDEX "follows_user_idx" ON "follows" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "follows_confirm_token_key" ON "follows" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "follows_due_idx" ON "follows" USING btree ("frequency","confirmed_at");