-- Rentals (issue 20): rental listings, their photos and drafts, saved rentals, reports and the
-- console-edited attribute lists (seeded with shared/src/rules/rental.ts' DEFAULT_RENTAL_PROPERTIES).
-- Conversations gain rental_id (one subject each) and notifications a section, so rental messages
-- reuse the marketplace's conversations and notifications.
CREATE TYPE "public"."rental_property_kind" AS ENUM('propertyType', 'parking', 'laundry', 'leaseMonths');--> statement-breakpoint
CREATE TYPE "public"."rental_state" AS ENUM('draft', 'available', 'rented', 'paused', 'deleted');--> statement-breakpoint
CREATE TABLE "rental_draft_photos" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rental_draft_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"draft_id" bigint NOT NULL,
	"picno" integer NOT NULL,
	"path" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	CONSTRAINT "rental_draft_photos_picno_range" CHECK ("rental_draft_photos"."picno" between 1 and 8)
);
--> statement-breakpoint
CREATE TABLE "rental_drafts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rental_drafts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"refnum" text NOT NULL,
	"owner_id" bigint NOT NULL,
	"rental_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rental_drafts_refnum_unique" UNIQUE("refnum")
);
--> statement-breakpoint
CREATE TABLE "rental_favourites" (
	"user_id" bigint NOT NULL,
	"rental_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rental_favourites_user_id_rental_id_pk" PRIMARY KEY("user_id","rental_id")
);
--> statement-breakpoint
CREATE TABLE "rental_photos" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rental_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"rental_id" bigint NOT NULL,
	"picno" integer NOT NULL,
	"path" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rental_properties" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rental_properties_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" "rental_property_kind" NOT NULL,
	"value" text NOT NULL,
	"label" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rental_reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rental_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"rental_id" bigint NOT NULL,
	"reporter_id" bigint NOT NULL,
	"reason" "report_reason" NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"status" "report_status" DEFAULT 'open' NOT NULL,
	"resolved_by_id" bigint,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rentals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rentals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"refnum" text NOT NULL,
	"landlord_id" bigint NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"property_type" text NOT NULL,
	"bedrooms" integer NOT NULL,
	"bathrooms" numeric(3, 1) NOT NULL,
	"square_feet" integer,
	"rent_cents" integer NOT NULL,
	"deposit_cents" integer DEFAULT 0 NOT NULL,
	"available_from" date NOT NULL,
	"lease_months" integer NOT NULL,
	"cats" boolean DEFAULT false NOT NULL,
	"dogs" boolean DEFAULT false NOT NULL,
	"parking" text NOT NULL,
	"laundry" text NOT NULL,
	"furnished" boolean DEFAULT false NOT NULL,
	"utilities_included" boolean DEFAULT false NOT NULL,
	"line1" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"region" text NOT NULL,
	"zip" text NOT NULL,
	"show_street" boolean DEFAULT true NOT NULL,
	"state" "rental_state" DEFAULT 'draft' NOT NULL,
	"listed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_document" "tsvector",
	"place_cells" integer[],
	"place_cell" integer,
	"place_latitude" double precision,
	"place_longitude" double precision,
	CONSTRAINT "rentals_refnum_unique" UNIQUE("refnum"),
	CONSTRAINT "rentals_rent_positive" CHECK ("rentals"."rent_cents" > 0 and "rentals"."deposit_cents" >= 0),
	CONSTRAINT "rentals_rooms" CHECK ("rentals"."bedrooms" >= 0 and "rentals"."bathrooms" >= 0)
);
--> statement-breakpoint
DROP INDEX "notifications_user_idx";--> statement-breakpoint
ALTER TABLE "conversations" ALTER COLUMN "listing_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "rental_id" bigint;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "section" text DEFAULT 'market' NOT NULL;--> statement-breakpoint
ALTER TABLE "rental_draft_photos" ADD CONSTRAINT "rental_draft_photos_draft_id_rental_drafts_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."rental_drafts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_drafts" ADD CONSTRAINT "rental_drafts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_drafts" ADD CONSTRAINT "rental_drafts_rental_id_rentals_id_fk" FOREIGN KEY ("rental_id") REFERENCES "public"."rentals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_favourites" ADD CONSTRAINT "rental_favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_favourites" ADD CONSTRAINT "rental_favourites_rental_id_rentals_id_fk" FOREIGN KEY ("rental_id") REFERENCES "public"."rentals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_photos" ADD CONSTRAINT "rental_photos_rental_id_rentals_id_fk" FOREIGN KEY ("rental_id") REFERENCES "public"."rentals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_reports" ADD CONSTRAINT "rental_reports_rental_id_rentals_id_fk" FOREIGN KEY ("rental_id") REFERENCES "public"."rentals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_reports" ADD CONSTRAINT "rental_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_reports" ADD CONSTRAINT "rental_reports_resolved_by_id_users_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_landlord_id_users_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_zip_zip_codes_zip_fk" FOREIGN KEY ("zip") REFERENCES "public"."zip_codes"("zip") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rental_draft_photos_picno_idx" ON "rental_draft_photos" USING btree ("draft_id","picno");--> statement-breakpoint
CREATE INDEX "rental_favourites_user_created_idx" ON "rental_favourites" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rental_photos_picno_idx" ON "rental_photos" USING btree ("rental_id","picno");--> statement-breakpoint
CREATE UNIQUE INDEX "rental_properties_kind_value_idx" ON "rental_properties" USING btree ("kind","value");--> statement-breakpoint
CREATE UNIQUE INDEX "rental_reports_once_idx" ON "rental_reports" USING btree ("rental_id","reporter_id");--> statement-breakpoint
CREATE INDEX "rental_reports_status_idx" ON "rental_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "rentals_landlord_idx" ON "rentals" USING btree ("landlord_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rentals_available_recent_idx" ON "rentals" USING btree ("listed_at" DESC NULLS LAST) WHERE "rentals"."state" = 'available';--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_rental_id_rentals_id_fk" FOREIGN KEY ("rental_id") REFERENCES "public"."rentals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_rental_buyer_idx" ON "conversations" USING btree ("rental_id","buyer_id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","section","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_one_subject" CHECK (("conversations"."listing_id" is null) <> ("conversations"."rental_id" is null));--> statement-breakpoint
INSERT INTO "rental_properties" ("kind", "value", "label", "position") VALUES
  ('propertyType', 'apartment', 'Apartment', 0),
  ('propertyType', 'house', 'House', 1),
  ('propertyType', 'condo', 'Condo', 2),
  ('propertyType', 'townhouse', 'Townhouse', 3),
  ('propertyType', 'room', 'Room', 4),
  ('parking', 'none', 'No parking', 0),
  ('parking', 'street', 'Street parking', 1),
  ('parking', 'driveway', 'Driveway', 2),
  ('parking', 'garage', 'Garage', 3),
  ('parking', 'covered', 'Covered parking', 4),
  ('laundry', 'none', 'No laundry', 0),
  ('laundry', 'in_unit', 'In unit', 1),
  ('laundry', 'in_building', 'In building', 2),
  ('laundry', 'hookups', 'Hookups', 3),
  ('leaseMonths', '1', 'Month to month', 0),
  ('leaseMonths', '6', '6 months', 1),
  ('leaseMonths', '12', '12 months', 2),
  ('leaseMonths', '18', '18 months', 3),
  ('leaseMonths', '24', '24 months', 4);
