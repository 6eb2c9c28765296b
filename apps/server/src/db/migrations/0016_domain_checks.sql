-- Each fixed list of the product (packages/shared) held by the database too (decision 0098).
-- A value no layer knows is first moved to the list's most careful value, as the code already
-- treated it: an unknown privacy level behaved as private, an unknown item status was never shown.
UPDATE "users" SET "role" = 'visitor' WHERE "role" NOT IN ('visitor', 'sponsor', 'admin');--> statement-breakpoint
UPDATE "memorial_access_requests" SET "status" = 'declined' WHERE "status" NOT IN ('pending', 'approved', 'declined');--> statement-breakpoint
UPDATE "memorial_invitations" SET "role" = 'viewer' WHERE "role" NOT IN ('manager', 'contributor', 'viewer');--> statement-breakpoint
UPDATE "memorial_people" SET "role" = 'viewer' WHERE "role" NOT IN ('owner', 'manager', 'contributor', 'viewer');--> statement-breakpoint
UPDATE "memorials" SET "visibility" = 'private' WHERE "visibility" NOT IN ('public', 'unlisted', 'members', 'private');--> statement-breakpoint
UPDATE "memorials" SET "tribute_moderation" = 'approve' WHERE "tribute_moderation" NOT IN ('open', 'approve');--> statement-breakpoint
UPDATE "flowers" SET "status" = 'hidden' WHERE "status" NOT IN ('published', 'pending', 'hidden');--> statement-breakpoint
UPDATE "prayers" SET "status" = 'hidden' WHERE "status" NOT IN ('published', 'pending', 'hidden');--> statement-breakpoint
UPDATE "photos" SET "status" = 'hidden' WHERE "status" NOT IN ('published', 'pending', 'hidden');--> statement-breakpoint
UPDATE "memorabilia" SET "status" = 'hidden' WHERE "status" NOT IN ('published', 'pending', 'hidden');--> statement-breakpoint
UPDATE "documents" SET "status" = 'hidden' WHERE "status" NOT IN ('published', 'pending', 'hidden');--> statement-breakpoint
-- Made by hand in 0015 under the same name; now the schema declares it.
ALTER TABLE "memorial_imports" DROP CONSTRAINT IF EXISTS "memorial_imports_state_check";--> statement-breakpoint
CREATE INDEX "prayers_owner_idx" ON "prayers" USING btree ("owner_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('visitor', 'sponsor', 'admin'));--> statement-breakpoint
ALTER TABLE "memorial_access_requests" ADD CONSTRAINT "memorial_access_requests_status_check" CHECK ("memorial_access_requests"."status" in ('pending', 'approved', 'declined'));--> statement-breakpoint
ALTER TABLE "memorial_imports" ADD CONSTRAINT "memorial_imports_state_check" CHECK ("memorial_imports"."state" in ('queued', 'running', 'done', 'failed'));--> statement-breakpoint
ALTER TABLE "memorial_invitations" ADD CONSTRAINT "memorial_invitations_role_check" CHECK ("memorial_invitations"."role" in ('manager', 'contributor', 'viewer'));--> statement-breakpoint
ALTER TABLE "memorial_people" ADD CONSTRAINT "memorial_people_role_check" CHECK ("memorial_people"."role" in ('owner', 'manager', 'contributor', 'viewer'));--> statement-breakpoint
ALTER TABLE "memorials" ADD CONSTRAINT "memorials_visibility_check" CHECK ("memorials"."visibility" in ('public', 'unlisted', 'members', 'private'));--> statement-breakpoint
ALTER TABLE "memorials" ADD CONSTRAINT "memorials_tribute_moderation_check" CHECK ("memorials"."tribute_moderation" in ('open', 'approve'));--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_status_check" CHECK ("documents"."status" in ('published', 'pending', 'hidden'));--> statement-breakpoint
ALTER TABLE "flowers" ADD CONSTRAINT "flowers_status_check" CHECK ("flowers"."status" in ('published', 'pending', 'hidden'));--> statement-breakpoint
ALTER TABLE "memorabilia" ADD CONSTRAINT "memorabilia_status_check" CHECK ("memorabilia"."status" in ('published', 'pending', 'hidden'));--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_status_check" CHECK ("photos"."status" in ('published', 'pending', 'hidden'));--> statement-breakpoint
ALTER TABLE "prayers" ADD CONSTRAINT "prayers_status_check" CHECK ("prayers"."status" in ('published', 'pending', 'hidden'));