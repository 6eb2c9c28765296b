CREATE TABLE "tribute_digests" (
	"memorial_id" uuid PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone,
	"last_sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "tribute_digests" ADD CONSTRAINT "tribute_digests_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE cascade ON UPDATE no action;