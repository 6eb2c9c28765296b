CREATE TABLE "guest_tributes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"memorial_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"guest_name" text NOT NULL,
	"email_hash" text NOT NULL,
	"fields" jsonb NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"item_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" ALTER COLUMN "owner_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "flowers" ALTER COLUMN "owner_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "memorabilia" ALTER COLUMN "owner_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "photos" ALTER COLUMN "owner_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "prayers" ALTER COLUMN "owner_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "memorials" ADD COLUMN "allow_guest_tributes" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "guest_tributes" ADD CONSTRAINT "guest_tributes_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guest_tributes_token_idx" ON "guest_tributes" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "guest_tributes_email_idx" ON "guest_tributes" USING btree ("email_hash");--> statement-breakpoint
CREATE INDEX "guest_tributes_expiry_idx" ON "guest_tributes" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_author_check" CHECK ("documents"."owner_id" is not null or "documents"."author_name" is not null);--> statement-breakpoint
ALTER TABLE "flowers" ADD CONSTRAINT "flowers_author_check" CHECK ("flowers"."owner_id" is not null or "flowers"."author_name" is not null);--> statement-breakpoint
ALTER TABLE "memorabilia" ADD CONSTRAINT "memorabilia_author_check" CHECK ("memorabilia"."owner_id" is not null or "memorabilia"."author_name" is not null);--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_author_check" CHECK ("photos"."owner_id" is not null or "photos"."author_name" is not null);--> statement-breakpoint
ALTER TABLE "prayers" ADD CONSTRAINT "prayers_author_check" CHECK ("prayers"."owner_id" is not null or "prayers"."author_name" is not null);