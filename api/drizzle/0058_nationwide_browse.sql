-- Search (issue 38): a nationwide browse (issue 33, "ships to you", without text) finds every live
-- public listing that ships, wherever it is. It read and measured every listing; it now reads those
-- that ship from this covering btree alone (its facets count them without touching the table, its
-- newest page is read in the index's order), and those that do not from the cells' index near the
-- place: docs/decisions/0067. The INCLUDE list is what the search reads of a row (statement.ts
-- LISTINGS.covered, as listings_live_cell_idx keeps it: "shippable" too, which an index-only scan
-- cannot read from the predicate) and the zip's centre it measures from.
CREATE INDEX "listings_live_ships_idx" ON "listings" ("created_at" DESC, "id" DESC) INCLUDE (
  "place_latitude", "place_longitude", "category_id", "sub_category_id", "condition", "price_cents",
  "shippable", "meet_to_deliver", "offer_free_delivery", "seller_id", "listing_end")
  WHERE "state" = 'live' AND "organization_id" IS NULL AND "shippable";
