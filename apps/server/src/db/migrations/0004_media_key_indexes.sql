CREATE INDEX "users_avatar_key_idx" ON "users" USING btree ("avatar_key");--> statement-breakpoint
CREATE INDEX "memorials_image_key_idx" ON "memorials" USING btree ("image_key");--> statement-breakpoint
CREATE INDEX "flowers_image_key_idx" ON "flowers" USING btree ("image_key");