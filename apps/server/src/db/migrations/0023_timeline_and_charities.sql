CREATE TABLE "memorial_charities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"memorial_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"registered_number" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memorial_charities_position_range" CHECK ("memorial_charities"."position" between 0 and 2)
);
--> statement-breakpoint
CREATE TABLE "memorial_moments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"memorial_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"month" integer,
	"day" integer,
	"title" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"place" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"author_id" uuid,
	"author_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memorial_moments_status_check" CHECK ("memorial_moments"."status" in ('published', 'pending')),
	CONSTRAINT "memorial_moments_day_needs_month" CHECK ("memorial_moments"."day" is null or "memorial_moments"."month" is not null),
	CONSTRAINT "memorial_moments_month_range" CHECK ("memorial_moments"."month" is null or "memorial_moments"."month" between 1 and 12),
	CONSTRAINT "memorial_moments_day_range" CHECK ("memorial_moments"."day" is null or "memorial_moments"."day" between 1 and 31)
);
--> statement-breakpoint
ALTER TABLE "memorial_charities" ADD CONSTRAINT "memorial_charities_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_moments" ADD CONSTRAINT "memorial_moments_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_moments" ADD CONSTRAINT "memorial_moments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memorial_charities_memorial_idx" ON "memorial_charities" USING btree ("memorial_id","position");--> statement-breakpoint
CREATE INDEX "memorial_moments_memorial_idx" ON "memorial_moments" USING btree ("memorial_id","year","month","day");