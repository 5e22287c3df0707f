-- Search (issue 6), radius by zip: a listing sits at its zip's centre, so a radius search first
-- finds the zips within the distance (a GiST index on the zip's point) and then their live
-- listings (a btree on the zip that also holds every column the facets count, so browsing near
-- a zip reads the index alone). This replaces the per-listing earth point and its GiST index,
-- which made every search near a dense metro visit thousands of table pages.
DROP INDEX IF EXISTS "listings_search_point_idx";--> statement-breakpoint
ALTER TABLE "listings" DROP COLUMN IF EXISTS "search_point";--> statement-breakpoint
CREATE INDEX "zip_codes_lnglat_idx" ON "zip_codes" USING gist (point("longitude", "latitude"));--> statement-breakpoint
-- The INCLUDE list is the search module's COVERED_COLUMNS plus what its filters read.
CREATE INDEX "listings_live_zip_idx" ON "listings" ("zip") INCLUDE ("id", "category_id", "sub_category_id",
  "condition", "price_cents", "shippable", "meet_to_deliver", "offer_free_delivery", "created_at", "seller_id",
  "listing_end") WHERE "status" = 'active' AND "deleted_at" IS NULL AND "sale_type" = 0;--> statement-breakpoint
-- The document no longer depends on the zip.
DROP TRIGGER "listings_search_fields" ON "listings";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "listings_search_fields"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_document :=
    setweight(to_tsvector('english', coalesce(NEW.title, '')), 'A') ||
    setweight(to_tsvector('english', coalesce(NEW.description, '')), 'B') ||
    setweight(to_tsvector('english', coalesce(
      (SELECT string_agg(c.title, ' ') FROM categories c WHERE c.id IN (NEW.category_id, NEW.sub_category_id)), '')), 'C');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "listings_search_fields" BEFORE INSERT OR UPDATE OF "title", "description", "category_id", "sub_category_id"
  ON "listings" FOR EACH ROW EXECUTE FUNCTION "listings_search_fields"();--> statement-breakpoint
-- A renamed category is found by its new name at once: its listings' documents are rebuilt.
CREATE FUNCTION "categories_refresh_search"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE listings SET title = title WHERE category_id = NEW.id OR sub_category_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "categories_refresh_search" AFTER UPDATE OF "title" ON "categories"
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title) EXECUTE FUNCTION "categories_refresh_search"();
