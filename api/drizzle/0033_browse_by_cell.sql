-- Search (issue 16), browsing near a place: each listing keeps its finest (0.5-degree) grid cell,
-- "place_cells"[1], as a plain integer "place_cell", filled by the trigger that files its cells. One
-- covering btree on (place_cell, created_at desc, id desc) replaces the one on the int[]: the facets
-- read the cells around the radius as integer ranges (cheaper to compare than arrays), and the newest
-- page reads each cell newest first and stops at the page's end instead of sorting every listing
-- near the place: docs/decisions/0032.
ALTER TABLE "listings" ADD COLUMN "place_cell" integer;--> statement-breakpoint
UPDATE "listings" SET "place_cell" = "place_cells"[1] WHERE "place_cells" IS NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "listings_place_cells"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT place_cells_of(z.latitude, z.longitude), z.latitude, z.longitude
    INTO NEW.place_cells, NEW.place_latitude, NEW.place_longitude
    FROM zip_codes z WHERE z.zip = NEW.zip;
  NEW.place_cell := NEW.place_cells[1];
  RETURN NEW;
END $$;--> statement-breakpoint
-- The INCLUDE list is the search module's COVERED_COLUMNS, the zip's centre, and what its filters read.
CREATE INDEX "listings_live_cell_idx" ON "listings" ("place_cell", "created_at" DESC, "id" DESC) INCLUDE (
  "place_latitude", "place_longitude", "category_id", "sub_category_id", "condition", "price_cents", "shippable",
  "meet_to_deliver", "offer_free_delivery", "seller_id", "listing_end") WHERE "state" = 'live';--> statement-breakpoint
DROP INDEX "listings_live_place_idx";
