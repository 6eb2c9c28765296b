ALTER TABLE "flowers" ADD COLUMN "byte_size" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "memorabilia" ADD COLUMN "byte_size" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "byte_size" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "documents_owner_idx" ON "documents" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "flowers_owner_idx" ON "flowers" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "memorabilia_owner_idx" ON "memorabilia" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "photos_owner_idx" ON "photos" USING btree ("owner_id");