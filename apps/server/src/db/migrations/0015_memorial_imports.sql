CREATE TABLE "memorial_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"reason" text,
	"memorial_id" uuid,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "memorial_imports" ADD CONSTRAINT "memorial_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_imports" ADD CONSTRAINT "memorial_imports_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "memorial_imports_one_running_key" ON "memorial_imports" USING btree ("user_id") WHERE "memorial_imports"."state" in ('queued', 'running');--> statement-breakpoint
-- hand-written:
ALTER TABLE "memorial_imports" ADD CONSTRAINT "memorial_imports_state_check" CHECK ("state" in ('queued', 'running', 'done', 'failed'));
