-- The listing process (issue 15, "Processes as data"): one "state" column replaces the four that
-- spelled a listing's life ("status", "sale_type", "deleted_at", and "listing_end" read against
-- now()), and every transition from here on is logged in "transitions". "listing_end" stays: it is
-- when the expiry timer is due. See shared/src/rules/listing-process.ts for the table of events.
CREATE TYPE "public"."listing_state" AS ENUM('draft', 'live', 'paused', 'sold', 'donated', 'expired', 'deleted');--> statement-breakpoint
CREATE TABLE "transitions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transitions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"process" text NOT NULL,
	"subject_id" bigint NOT NULL,
	"event" text NOT NULL,
	"from_state" text NOT NULL,
	"to_state" text NOT NULL,
	"actor_id" bigint,
	"actor_role" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "transitions" ADD CONSTRAINT "transitions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transitions_subject_idx" ON "transitions" USING btree ("process","subject_id","at");--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "state" "listing_state";--> statement-breakpoint
-- The state each listing was in, deletion aside. Precedence follows what the old columns meant:
-- a draft is a draft; sold (sale_type non-zero) wins over deactivated, and a sold free listing
-- is the 'Donated' its badge showed; deactivated wins over past its end (it stayed hidden); an
-- active listing past its end was 'Expired'. 'donated' was never written; kept for completeness.
UPDATE "listings" SET "state" = CASE
  WHEN "status" = 'draft' THEN 'draft'
  WHEN "status" = 'donated' OR ("sale_type" <> 0 AND "price_cents" = 0) THEN 'donated'
  WHEN "sale_type" <> 0 THEN 'sold'
  WHEN "status" = 'inactive' THEN 'paused'
  WHEN "listing_end" IS NOT NULL AND "listing_end" <= now() THEN 'expired'
  ELSE 'live'
END::"listing_state";--> statement-breakpoint
-- A deleted listing keeps in the log the state it was deleted from (a profile still counts a sold
-- one among the seller's sales); who deleted it is not known. 'canceled' was never written, but
-- the sell filter CANCELLED counted it with the deleted ones.
INSERT INTO "transitions" ("process", "subject_id", "event", "from_state", "to_state", "actor_id", "actor_role", "at")
  SELECT 'listing', "id", 'migrate', "state"::text, 'deleted', NULL, 'system', coalesce("deleted_at", "updated_at")
  FROM "listings" WHERE "deleted_at" IS NOT NULL OR "status" = 'canceled';--> statement-breakpoint
UPDATE "listings" SET "state" = 'deleted' WHERE "deleted_at" IS NOT NULL OR "status" = 'canceled';--> statement-breakpoint
ALTER TABLE "listings" ALTER COLUMN "state" SET DEFAULT 'draft';--> statement-breakpoint
ALTER TABLE "listings" ALTER COLUMN "state" SET NOT NULL;--> statement-breakpoint
-- The partial indexes hold live listings as before, now by one condition.
DROP INDEX "listings_live_category_idx";--> statement-breakpoint
DROP INDEX "listings_live_subcategory_idx";--> statement-breakpoint
DROP INDEX "listings_live_recent_idx";--> statement-breakpoint
DROP INDEX "listings_live_zip_idx";--> statement-breakpoint
DROP INDEX "listings_search_place_idx";--> statement-breakpoint
CREATE INDEX "listings_live_category_idx" ON "listings" USING btree ("category_id","created_at" DESC NULLS LAST) WHERE "listings"."state" = 'live';--> statement-breakpoint
CREATE INDEX "listings_live_subcategory_idx" ON "listings" USING btree ("sub_category_id","created_at" DESC NULLS LAST) WHERE "listings"."state" = 'live';--> statement-breakpoint
CREATE INDEX "listings_live_recent_idx" ON "listings" USING btree ("created_at" DESC NULLS LAST) WHERE "listings"."state" = 'live';--> statement-breakpoint
-- The INCLUDE list is the search module's COVERED_COLUMNS plus what its filters read (as in 0011).
CREATE INDEX "listings_live_zip_idx" ON "listings" ("zip") INCLUDE ("id", "category_id", "sub_category_id",
  "condition", "price_cents", "shippable", "meet_to_deliver", "offer_free_delivery", "created_at", "seller_id",
  "listing_end") WHERE "state" = 'live';--> statement-breakpoint
CREATE INDEX "listings_search_place_idx" ON "listings" USING gin ("search_document", "place_cells")
  WHERE "state" = 'live';--> statement-breakpoint
ALTER TABLE "listings" DROP COLUMN "status";--> statement-breakpoint
ALTER TABLE "listings" DROP COLUMN "sale_type";--> statement-breakpoint
ALTER TABLE "listings" DROP COLUMN "deleted_at";--> statement-breakpoint
DROP TYPE "public"."listing_status";
