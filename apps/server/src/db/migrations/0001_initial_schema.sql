CREATE TABLE "password_resets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"new_password_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"user_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"avatar_key" text,
	"role" text DEFAULT 'visitor' NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memorial_contributors" (
	"memorial_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memorial_contributors_memorial_id_user_id_pk" PRIMARY KEY("memorial_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "memorial_likes" (
	"memorial_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memorial_likes_memorial_id_user_id_pk" PRIMARY KEY("memorial_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "memorials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"birth_place" text DEFAULT '' NOT NULL,
	"burial" text DEFAULT '' NOT NULL,
	"plot" text DEFAULT '' NOT NULL,
	"date_of_birth" date,
	"death_date" date,
	"traits" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"tags_text" text DEFAULT '' NOT NULL,
	"image_key" text,
	"image_widths" integer[] DEFAULT '{}'::int[] NOT NULL,
	"image_width" integer,
	"image_height" integer,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"featured_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"memorial_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flowers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"memorial_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"image_key" text,
	"image_widths" integer[],
	"image_width" integer,
	"image_height" integer,
	"bouquet" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memorabilia" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"memorial_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"image_key" text,
	"image_widths" integer[],
	"image_width" integer,
	"image_height" integer,
	"name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"memorial_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"image_key" text,
	"image_widths" integer[],
	"image_width" integer,
	"image_height" integer,
	"name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prayers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"memorial_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legacies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"birth_place" text NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legacy_accomplishments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"legacy_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"from_year" text NOT NULL,
	"to_year" text NOT NULL,
	"beneficiaries" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legacy_aspirations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"legacy_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"comment" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legacy_assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"legacy_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"item" text NOT NULL,
	"description" text NOT NULL,
	"value" text NOT NULL,
	"beneficiaries" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legacy_bucket_list" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"legacy_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"description" text NOT NULL,
	"status" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legacy_relationships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"legacy_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"last_name" text NOT NULL,
	"relationship" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_contributors" ADD CONSTRAINT "memorial_contributors_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_contributors" ADD CONSTRAINT "memorial_contributors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_likes" ADD CONSTRAINT "memorial_likes_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_likes" ADD CONSTRAINT "memorial_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorials" ADD CONSTRAINT "memorials_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flowers" ADD CONSTRAINT "flowers_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flowers" ADD CONSTRAINT "flowers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorabilia" ADD CONSTRAINT "memorabilia_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorabilia" ADD CONSTRAINT "memorabilia_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayers" ADD CONSTRAINT "prayers_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayers" ADD CONSTRAINT "prayers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacies" ADD CONSTRAINT "legacies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_accomplishments" ADD CONSTRAINT "legacy_accomplishments_legacy_id_legacies_id_fk" FOREIGN KEY ("legacy_id") REFERENCES "public"."legacies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_aspirations" ADD CONSTRAINT "legacy_aspirations_legacy_id_legacies_id_fk" FOREIGN KEY ("legacy_id") REFERENCES "public"."legacies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_assets" ADD CONSTRAINT "legacy_assets_legacy_id_legacies_id_fk" FOREIGN KEY ("legacy_id") REFERENCES "public"."legacies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_bucket_list" ADD CONSTRAINT "legacy_bucket_list_legacy_id_legacies_id_fk" FOREIGN KEY ("legacy_id") REFERENCES "public"."legacies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_relationships" ADD CONSTRAINT "legacy_relationships_legacy_id_legacies_id_fk" FOREIGN KEY ("legacy_id") REFERENCES "public"."legacies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_token_hash_key" ON "password_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_user_name_lower_key" ON "users" USING btree (lower("user_name"));--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "memorial_contributors_user_idx" ON "memorial_contributors" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "memorial_likes_user_idx" ON "memorial_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "memorials_owner_idx" ON "memorials" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "memorials_created_at_idx" ON "memorials" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "memorials_title_trgm_idx" ON "memorials" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "memorials_description_trgm_idx" ON "memorials" USING gin (lower("description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "memorials_tags_trgm_idx" ON "memorials" USING gin (lower("tags_text") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "documents_memorial_idx" ON "documents" USING btree ("memorial_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "flowers_memorial_idx" ON "flowers" USING btree ("memorial_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "memorabilia_memorial_idx" ON "memorabilia" USING btree ("memorial_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "photos_memorial_idx" ON "photos" USING btree ("memorial_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "prayers_memorial_idx" ON "prayers" USING btree ("memorial_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "legacies_user_key" ON "legacies" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "legacy_accomplishments_legacy_idx" ON "legacy_accomplishments" USING btree ("legacy_id","position");--> statement-breakpoint
CREATE INDEX "legacy_aspirations_legacy_idx" ON "legacy_aspirations" USING btree ("legacy_id","position");--> statement-breakpoint
CREATE INDEX "legacy_assets_legacy_idx" ON "legacy_assets" USING btree ("legacy_id","position");--> statement-breakpoint
CREATE INDEX "legacy_bucket_list_legacy_idx" ON "legacy_bucket_list" USING btree ("legacy_id","position");--> statement-breakpoint
CREATE INDEX "legacy_relationships_legacy_idx" ON "legacy_relationships" USING btree ("legacy_id","position");