CREATE TABLE "event_rsvps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"people" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"email_hash" text,
	"token_hash" text,
	"expires_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_rsvps_people_range" CHECK ("event_rsvps"."people" between 1 and 20),
	CONSTRAINT "event_rsvps_member_or_guest" CHECK (("event_rsvps"."user_id" is not null) <> ("event_rsvps"."email_hash" is not null))
);
--> statement-breakpoint
CREATE TABLE "memorial_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"memorial_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"starts_local" text NOT NULL,
	"ends_local" text NOT NULL,
	"time_zone" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"place_name" text DEFAULT '' NOT NULL,
	"place_address" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"livestream_url" text DEFAULT '' NOT NULL,
	"recording_url" text DEFAULT '' NOT NULL,
	"closed_at" timestamp with time zone,
	"revision" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memorial_events_kind_check" CHECK ("memorial_events"."kind" in ('funeral', 'memorial_service', 'celebration_of_life', 'other')),
	CONSTRAINT "memorial_events_ends_after_start" CHECK ("memorial_events"."ends_at" > "memorial_events"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD CONSTRAINT "event_rsvps_event_id_memorial_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."memorial_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD CONSTRAINT "event_rsvps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_events" ADD CONSTRAINT "memorial_events_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_rsvps_member_idx" ON "event_rsvps" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE INDEX "event_rsvps_event_idx" ON "event_rsvps" USING btree ("event_id","confirmed_at");--> statement-breakpoint
CREATE INDEX "event_rsvps_token_idx" ON "event_rsvps" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "memorial_events_memorial_idx" ON "memorial_events" USING btree ("memorial_id","starts_at");