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
--> statement-breakpoint
-- Its facets count some 60,000 listings that ship at 100k listings: too many to read per request.
-- They are counted ahead, by the groups a facet tells apart (category, subcategory, condition, price
-- range, local pickup, free shipping), kept by the trigger below as listings are written; a search
-- takes these few thousand counts and subtracts the listings it leaves out that are still counted
-- (live past their end, the searcher's own), read by "listings_live_ships_end_idx" and
-- "listings_seller_idx". The price ranges are the shared PRICE_RANGES' lower bounds (a test checks).
CREATE TABLE "listing_ship_counts" (
  "category_id" bigint NOT NULL,
  "sub_category_id" bigint,
  "condition" text NOT NULL,
  "price_range" integer NOT NULL,
  "meet_to_deliver" boolean NOT NULL,
  "offer_free_delivery" boolean NOT NULL,
  "n" integer NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "listing_ship_counts_group_idx" ON "listing_ship_counts" ("category_id", "sub_category_id",
  "condition", "price_range", "meet_to_deliver", "offer_free_delivery") NULLS NOT DISTINCT;--> statement-breakpoint
CREATE FUNCTION "listing_price_range"(cents integer) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT width_bucket(cents, ARRAY[1, 2500, 5000, 10000, 25000]) $$;--> statement-breakpoint
CREATE FUNCTION "listing_ship_counts_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_counted boolean := TG_OP <> 'INSERT' AND OLD.state = 'live' AND OLD.organization_id IS NULL AND OLD.shippable;
  counted boolean := TG_OP <> 'DELETE' AND NEW.state = 'live' AND NEW.organization_id IS NULL AND NEW.shippable;
BEGIN
  IF was_counted AND counted AND OLD.category_id = NEW.category_id AND OLD.sub_category_id IS NOT DISTINCT FROM NEW.sub_category_id
    AND OLD.condition = NEW.condition AND listing_price_range(OLD.price_cents) = listing_price_range(NEW.price_cents)
    AND OLD.meet_to_deliver = NEW.meet_to_deliver AND OLD.offer_free_delivery = NEW.offer_free_delivery THEN
    RETURN NULL;
  END IF;
  IF was_counted THEN
    UPDATE "listing_ship_counts" SET "n" = "n" - 1
      WHERE "category_id" = OLD.category_id AND "sub_category_id" IS NOT DISTINCT FROM OLD.sub_category_id
        AND "condition" = OLD.condition AND "price_range" = listing_price_range(OLD.price_cents)
        AND "meet_to_deliver" = OLD.meet_to_deliver AND "offer_free_delivery" = OLD.offer_free_delivery;
  END IF;
  IF counted THEN
    INSERT INTO "listing_ship_counts" VALUES (NEW.category_id, NEW.sub_category_id, NEW.condition,
      listing_price_range(NEW.price_cents), NEW.meet_to_deliver, NEW.offer_free_delivery, 1)
    ON CONFLICT ("category_id", "sub_category_id", "condition", "price_range", "meet_to_deliver", "offer_free_delivery")
      DO UPDATE SET "n" = "listing_ship_counts"."n" + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "listing_ship_counts_keep" AFTER INSERT OR DELETE OR UPDATE OF "state", "organization_id",
  "shippable", "category_id", "sub_category_id", "condition", "price_cents", "meet_to_deliver", "offer_free_delivery"
  ON "listings" FOR EACH ROW EXECUTE FUNCTION "listing_ship_counts_keep"();--> statement-breakpoint
INSERT INTO "listing_ship_counts"
  SELECT "category_id", "sub_category_id", "condition", listing_price_range("price_cents"), "meet_to_deliver",
    "offer_free_delivery", count(*)::int
  FROM "listings" WHERE "state" = 'live' AND "organization_id" IS NULL AND "shippable"
  GROUP BY 1, 2, 3, 4, 5, 6;--> statement-breakpoint
-- The listings a search leaves out that the counts still hold: live ones past their end.
CREATE INDEX "listings_live_ships_end_idx" ON "listings" ("listing_end")
  WHERE "state" = 'live' AND "organization_id" IS NULL AND "shippable";--> statement-breakpoint
-- The lowest and highest price among those that ship (no count gives them), with what filters them.
CREATE INDEX "listings_live_ships_price_idx" ON "listings" ("price_cents") INCLUDE ("category_id",
  "sub_category_id", "condition", "meet_to_deliver", "offer_free_delivery", "seller_id", "listing_end")
  WHERE "state" = 'live' AND "organization_id" IS NULL AND "shippable";
