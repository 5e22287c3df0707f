CREATE TYPE "public"."listing_status" AS ENUM('draft', 'active', 'inactive', 'donated', 'canceled');--> statement-breakpoint
CREATE TYPE "public"."company_status" AS ENUM('VERIFIED', 'IN_REVIEW', 'REJECTED');--> statement-breakpoint
CREATE TABLE "categories" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"refnum" text NOT NULL,
	"parent_id" bigint,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"shortcut" boolean DEFAULT false NOT NULL,
	"donation_allowed" boolean DEFAULT false NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	CONSTRAINT "categories_refnum_unique" UNIQUE("refnum")
);
--> statement-breakpoint
CREATE TABLE "category_properties" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "category_properties_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"category_id" bigint,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"values" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_photos" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "listing_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"listing_id" bigint NOT NULL,
	"picno" integer NOT NULL,
	"path" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "listings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"refnum" text NOT NULL,
	"seller_id" bigint NOT NULL,
	"category_id" bigint NOT NULL,
	"sub_category_id" bigint,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"condition" text NOT NULL,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"price_cents" integer NOT NULL,
	"is_donation" boolean DEFAULT false NOT NULL,
	"weight_lbs" numeric(5, 2) NOT NULL,
	"shippable" boolean NOT NULL,
	"meet_to_deliver" boolean NOT NULL,
	"offer_free_delivery" boolean DEFAULT false NOT NULL,
	"buy_now" boolean DEFAULT true NOT NULL,
	"zip" text NOT NULL,
	"status" "listing_status" DEFAULT 'active' NOT NULL,
	"sale_type" integer DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"listing_end" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listings_refnum_unique" UNIQUE("refnum")
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organizations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"refnum" text NOT NULL,
	"name" text NOT NULL,
	"status" "company_status" DEFAULT 'IN_REVIEW' NOT NULL,
	"is_b2b" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organizations_refnum_unique" UNIQUE("refnum")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"refnum" text NOT NULL,
	"email" text NOT NULL,
	"name_first" text NOT NULL,
	"name_last" text NOT NULL,
	"password_hash" text,
	"roles" text[] DEFAULT '{ROLE_USER}'::text[] NOT NULL,
	"zip" text,
	"picture_path" text,
	"organization_id" bigint,
	"is_profession_verified" boolean DEFAULT false NOT NULL,
	"email_verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_refnum_unique" UNIQUE("refnum")
);
--> statement-breakpoint
CREATE TABLE "zip_codes" (
	"zip" text PRIMARY KEY NOT NULL,
	"city" text NOT NULL,
	"state_code" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_properties" ADD CONSTRAINT "category_properties_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_photos" ADD CONSTRAINT "listing_photos_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_sub_category_id_categories_id_fk" FOREIGN KEY ("sub_category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_zip_zip_codes_zip_fk" FOREIGN KEY ("zip") REFERENCES "public"."zip_codes"("zip") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_zip_zip_codes_zip_fk" FOREIGN KEY ("zip") REFERENCES "public"."zip_codes"("zip") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_idx" ON "categories" USING btree ("parent_id","slug");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "listing_photos_picno_idx" ON "listing_photos" USING btree ("listing_id","picno");--> statement-breakpoint
CREATE INDEX "listings_seller_idx" ON "listings" USING btree ("seller_id");--> statement-breakpoint
CREATE INDEX "listings_live_category_idx" ON "listings" USING btree ("category_id","created_at" DESC NULLS LAST) WHERE "listings"."status" = 'active' and "listings"."deleted_at" is null and "listings"."sale_type" = 0;--> statement-breakpoint
CREATE INDEX "listings_live_subcategory_idx" ON "listings" USING btree ("sub_category_id","created_at" DESC NULLS LAST) WHERE "listings"."status" = 'active' and "listings"."deleted_at" is null and "listings"."sale_type" = 0;--> statement-breakpoint
CREATE INDEX "listings_live_recent_idx" ON "listings" USING btree ("created_at" DESC NULLS LAST) WHERE "listings"."status" = 'active' and "listings"."deleted_at" is null and "listings"."sale_type" = 0;--> statement-breakpoint
CREATE INDEX "listings_title_trgm_idx" ON "listings" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_org_idx" ON "users" USING btree ("organization_id");