ALTER TABLE "email_changes" ADD COLUMN "cancel_token_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "email_changes_cancel_token_hash_key" ON "email_changes" USING btree ("cancel_token_hash");