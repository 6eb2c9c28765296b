ALTER TABLE "candles" DROP CONSTRAINT "candles_status_check";--> statement-breakpoint
ALTER TABLE "documents" DROP CONSTRAINT "documents_status_check";--> statement-breakpoint
ALTER TABLE "flowers" DROP CONSTRAINT "flowers_status_check";--> statement-breakpoint
ALTER TABLE "memorabilia" DROP CONSTRAINT "memorabilia_status_check";--> statement-breakpoint
ALTER TABLE "photos" DROP CONSTRAINT "photos_status_check";--> statement-breakpoint
ALTER TABLE "prayers" DROP CONSTRAINT "prayers_status_check";--> statement-breakpoint
ALTER TABLE "candles" ADD COLUMN "return_note" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "return_note" text;--> statement-breakpoint
ALTER TABLE "flowers" ADD COLUMN "return_note" text;--> statement-breakpoint
ALTER TABLE "memorabilia" ADD COLUMN "return_note" text;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "return_note" text;--> statement-breakpoint
ALTER TABLE "prayers" ADD COLUMN "return_note" text;--> statement-breakpoint
ALTER TABLE "candles" ADD CONSTRAINT "candles_status_check" CHECK ("candles"."status" in ('published', 'pending', 'hidden', 'returned'));--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_status_check" CHECK ("documents"."status" in ('published', 'pending', 'hidden', 'returned'));--> statement-breakpoint
ALTER TABLE "flowers" ADD CONSTRAINT "flowers_status_check" CHECK ("flowers"."status" in ('published', 'pending', 'hidden', 'returned'));--> statement-breakpoint
ALTER TABLE "memorabilia" ADD CONSTRAINT "memorabilia_status_check" CHECK ("memorabilia"."status" in ('published', 'pending', 'hidden', 'returned'));--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_status_check" CHECK ("photos"."status" in ('published', 'pending', 'hidden', 'returned'));--> statement-breakpoint
ALTER TABLE "prayers" ADD CONSTRAINT "prayers_status_check" CHECK ("prayers"."status" in ('published', 'pending', 'hidden', 'returned'));