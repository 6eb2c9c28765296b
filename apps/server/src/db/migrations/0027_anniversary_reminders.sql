CREATE TABLE "anniversary_reminder_sends" (
	"reminder_id" uuid NOT NULL,
	"occasion" text NOT NULL,
	"occurs_on" date NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "anniversary_reminder_sends_reminder_id_occasion_occurs_on_pk" PRIMARY KEY("reminder_id","occasion","occurs_on"),
	CONSTRAINT "anniversary_reminder_sends_occasion_check" CHECK ("anniversary_reminder_sends"."occasion" in ('birthday', 'death', 'yahrzeit'))
);
--> statement-breakpoint
CREATE TABLE "anniversary_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"memorial_id" uuid NOT NULL,
	"birthday" boolean DEFAULT false NOT NULL,
	"death" boolean DEFAULT false NOT NULL,
	"yahrzeit" boolean DEFAULT false NOT NULL,
	"days_before" integer DEFAULT 0 NOT NULL,
	"next_due" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "anniversary_reminders_member_memorial_key" UNIQUE("user_id","memorial_id"),
	CONSTRAINT "anniversary_reminders_days_before_range" CHECK ("anniversary_reminders"."days_before" between 0 and 30)
);
--> statement-breakpoint
ALTER TABLE "anniversary_reminder_sends" ADD CONSTRAINT "anniversary_reminder_sends_reminder_id_anniversary_reminders_id_fk" FOREIGN KEY ("reminder_id") REFERENCES "public"."anniversary_reminders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anniversary_reminders" ADD CONSTRAINT "anniversary_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anniversary_reminders" ADD CONSTRAINT "anniversary_reminders_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "anniversary_reminders_next_due_idx" ON "anniversary_reminders" USING btree ("next_due");--> statement-breakpoint
CREATE INDEX "anniversary_reminders_memorial_idx" ON "anniversary_reminders" USING btree ("memorial_id");--> statement-breakpoint
-- hand-written:
-- When a memorial's dates or yahrzeit settings change, whichever path changed them, its reminders
-- are looked at again by the next sending run: their next due day is moved to the past (a day
-- before any run), and the run works out the right one (decision 0116).
CREATE OR REPLACE FUNCTION memorials_recheck_reminders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "anniversary_reminders" SET "next_due" = DATE '2000-01-01' WHERE "memorial_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "memorials_recheck_reminders" AFTER UPDATE ON "memorials"
FOR EACH ROW WHEN (
  NEW."date_of_birth" IS DISTINCT FROM OLD."date_of_birth"
  OR NEW."death_date" IS DISTINCT FROM OLD."death_date"
  OR NEW."observe_yahrzeit" IS DISTINCT FROM OLD."observe_yahrzeit"
  OR NEW."died_after_sunset" IS DISTINCT FROM OLD."died_after_sunset"
) EXECUTE FUNCTION memorials_recheck_reminders();
