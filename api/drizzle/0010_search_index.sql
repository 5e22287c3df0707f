-- Search (issue 6): what a search matches on, kept in columns a trigger fills, so inserts by
-- any module (and bulk seeds) stay searchable at once without the listings module knowing.
-- The title weighs most (A), then the description (B), then the category names (C). The
-- point is the listing zip's centre, never the seller's address; zips without coordinates
-- get none and are left out of radius searches. These columns are not in the drizzle schema:
-- they are written only here and read only by the search module's SQL.
ALTER TABLE "listings" ADD COLUMN "search_document" tsvector;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "search_point" earth;--> statement-breakpoint
CREATE FUNCTION "listings_search_fields"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_document :=
    setweight(to_tsvector('english', coalesce(NEW.title, '')), 'A') ||
    setweight(to_tsvector('english', coalesce(NEW.description, '')), 'B') ||
    setweight(to_tsvector('english', coalesce(
      (SELECT string_agg(c.title, ' ') FROM categories c WHERE c.id IN (NEW.category_id, NEW.sub_category_id)), '')), 'C');
  NEW.search_point := (
    SELECT ll_to_earth(z.latitude, z.longitude) FROM zip_codes z
    WHERE z.zip = NEW.zip AND z.latitude IS NOT NULL AND z.longitude IS NOT NULL);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "listings_search_fields" BEFORE INSERT OR UPDATE OF "title", "description", "category_id", "sub_category_id", "zip"
  ON "listings" FOR EACH ROW EXECUTE FUNCTION "listings_search_fields"();--> statement-breakpoint
UPDATE "listings" SET "title" = "title";--> statement-breakpoint
-- Only live listings are ever searched: the indexes hold just those rows.
CREATE INDEX "listings_search_document_idx" ON "listings" USING gin ("search_document")
  WHERE "status" = 'active' AND "deleted_at" IS NULL AND "sale_type" = 0;--> statement-breakpoint
CREATE INDEX "listings_search_point_idx" ON "listings" USING gist ("search_point")
  WHERE "status" = 'active' AND "deleted_at" IS NULL AND "sale_type" = 0;--> statement-breakpoint
CREATE INDEX "zip_codes_point_idx" ON "zip_codes" USING gist (ll_to_earth("latitude", "longitude"))
  WHERE "latitude" IS NOT NULL AND "longitude" IS NOT NULL;
