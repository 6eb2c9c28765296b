CREATE TABLE "candles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"memorial_id" uuid NOT NULL,
	"owner_id" uuid,
	"status" text DEFAULT 'published' NOT NULL,
	"author_name" text,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "candles_status_check" CHECK ("candles"."status" in ('published', 'pending', 'hidden')),
	CONSTRAINT "candles_author_check" CHECK ("candles"."owner_id" is not null or "candles"."author_name" is not null)
);
--> statement-breakpoint
ALTER TABLE "memorials" ADD COLUMN "allow_candles" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "candles" ADD CONSTRAINT "candles_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candles" ADD CONSTRAINT "candles_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "candles_memorial_idx" ON "candles" USING btree ("memorial_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "candles_owner_idx" ON "candles" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "candles_owner_memorial_idx" ON "candles" USING btree ("owner_id","memorial_id","created_at");