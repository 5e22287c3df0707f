-- Search (issue 16), browsing near a place: the live listings of the grid cells around the radius
-- are read in order of their finest cell from one covering btree on "place_cells" (an int[]
-- orders by its first key, the 0.5-degree cell), one index range per latitude row, and each is
-- measured from its zip's centre, now copied on the listing beside its cells by the same trigger.
-- This replaces browsing zip by zip (one probe of "listings_live_zip_idx" for each of the
-- thousand-odd zips within 50 miles of a city, then a join on the zip): docs/decisions/0022.
ALTER TABLE "listings" ADD COLUMN "place_latitude" double precision;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "place_longitude" double precision;--> statement-breakpoint
UPDATE "listings" SET "place_latitude" = z."latitude", "place_longitude" = z."longitude"
  FROM "zip_codes" z WHERE z."zip" = "listings"."zip";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "listings_place_cells"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT place_cells_of(z.latitude, z.longitude), z.latitude, z.longitude
    INTO NEW.place_cells, NEW.place_latitude, NEW.place_longitude
    FROM zip_codes z WHERE z.zip = NEW.zip;
  RETURN NEW;
END $$;--> statement-breakpoint
-- The INCLUDE list is the search module's COVERED_COLUMNS, the zip's centre, and what its filters read.
CREATE INDEX "listings_live_place_idx" ON "listings" ("place_cells") INCLUDE ("place_latitude", "place_longitude",
  "id", "category_id", "sub_category_id", "condition", "price_cents", "shippable", "meet_to_deliver",
  "offer_free_delivery", "created_at", "seller_id", "listing_end") WHERE "state" = 'live';--> statement-breakpoint
DROP INDEX "listings_live_zip_idx";
