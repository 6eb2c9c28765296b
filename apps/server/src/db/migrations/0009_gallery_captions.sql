ALTER TABLE "documents" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "memorabilia" ADD COLUMN "caption" text;--> statement-breakpoint
ALTER TABLE "memorabilia" ADD COLUMN "picture_date" date;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "caption" text;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "picture_date" date;