-- Issue 37's speed (ADR 0068): the reverse search of saved searches, the similar items and the
-- price guidance read their rows from covering indexes instead of the tables.
--
-- Saved searches: a new listing is matched against the searches whose `reach` holds its place,
-- those without a place and, when it ships, the "Ships to you" ones. Each index now carries every
-- column the match checks, so a listing matched against thousands of searches reads no table rows.
DROP INDEX IF EXISTS "saved_searches_reach_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "saved_searches_anywhere_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "saved_searches_nationwide_idx";--> statement-breakpoint
CREATE INDEX "saved_searches_reach_idx" ON "saved_searches" USING gist ("reach")
  INCLUDE ("id", "kind", "user_id", "nationwide", "latitude", "longitude", "miles", "query", "category_id",
    "sub_category_id", "conditions", "min_price", "max_price", "free_only", "delivery");--> statement-breakpoint
CREATE INDEX "saved_searches_anywhere_idx" ON "saved_searches" USING btree ("kind")
  INCLUDE ("id", "user_id", "query", "category_id", "sub_category_id", "conditions", "min_price", "max_price",
    "free_only", "delivery")
  WHERE "latitude" IS NULL;--> statement-breakpoint
CREATE INDEX "saved_searches_nationwide_idx" ON "saved_searches" USING btree ("kind")
  INCLUDE ("id", "user_id", "latitude", "query", "category_id", "sub_category_id", "conditions", "min_price",
    "max_price", "free_only", "delivery")
  WHERE "nationwide";--> statement-breakpoint
-- Similar items: a subcategory's live public listings with what the rail filters, measures and
-- ranks by (the title's likeness), read from the index alone.
CREATE INDEX "listings_live_subcategory_alike_idx" ON "listings" USING btree ("sub_category_id")
  INCLUDE ("id", "seller_id", "listing_end", "shippable", "place_latitude", "place_longitude", "created_at", "title")
  WHERE "state" = 'live' AND "organization_id" IS NULL;--> statement-breakpoint
-- Price guidance: a subcategory's listings in one condition with the centre each is measured from.
DROP INDEX IF EXISTS "listings_subcategory_condition_idx";--> statement-breakpoint
CREATE INDEX "listings_subcategory_condition_idx" ON "listings" USING btree ("sub_category_id", "condition")
  INCLUDE ("id", "place_latitude", "place_longitude");
--> statement-breakpoint
-- A top category's guidance counts its listings of any subcategory: the same, by category.
CREATE INDEX "listings_category_condition_idx" ON "listings" USING btree ("category_id", "condition")
  INCLUDE ("id", "place_latitude", "place_longitude");
