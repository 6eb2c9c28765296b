DROP INDEX "memorial_invitations_email_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "memorial_invitations" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "memorials" ADD COLUMN "pending_owner_offered_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "memorial_invitations_invited_by_idx" ON "memorial_invitations" USING btree ("invited_by");--> statement-breakpoint
CREATE INDEX "memorial_invitations_email_idx" ON "memorial_invitations" USING btree ("email","created_at");--> statement-breakpoint
-- hand-written: an offer made before offers lapsed gets its 14 days from now.
UPDATE "memorials" SET "pending_owner_offered_at" = now() WHERE "pending_owner_id" IS NOT NULL AND "pending_owner_offered_at" IS NULL;--> statement-breakpoint
-- hand-written: an account that accepted an invitation sent to its own address has proved it.
UPDATE "users" SET "email_verified_at" = i."accepted_at" FROM "memorial_invitations" i WHERE i."accepted_by" = "users"."id" AND i."email" = "users"."email" AND i."accepted_at" IS NOT NULL AND "users"."email_verified_at" IS NULL;
