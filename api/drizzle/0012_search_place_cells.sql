-- Search (issue 6): a text search near a place reads only the matches in that neighbourhood.
-- Each listing is filed under the cells of three latitude/longitude grids (0.5, 2 and 8
-- degrees) around its zip's centre; `place_cells_of` must compute exactly the keys that
-- api/src/modules/search/place-cells.ts asks for (a test holds the two together). One GIN index
-- holds the text document and the cells, so it answers "these words, in these cells" without
-- reading every match in the country from the table (docs/decisions/0010). Zips without
-- coordinates get no cells: they were never in a radius search.
CREATE FUNCTION "place_cells_of"(lat float8, lng float8) RETURNS int[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT ARRAY[
    floor((lat + 90) / 0.5)::int * 1000 + floor((lng + 180) / 0.5)::int,
    1000000 + floor((lat + 90) / 2)::int * 1000 + floor((lng + 180) / 2)::int,
    2000000 + floor((lat + 90) / 8)::int * 1000 + floor((lng + 180) / 8)::int]
$$;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "place_cells" int[];--> statement-breakpoint
UPDATE "listings" SET "place_cells" = "place_cells_of"(z."latitude", z."longitude")
  FROM "zip_codes" z WHERE z."zip" = "listings"."zip";--> statement-breakpoint
CREATE FUNCTION "listings_place_cells"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.place_cells := (SELECT place_cells_of(z.latitude, z.longitude) FROM zip_codes z WHERE z.zip = NEW.zip);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "listings_place_cells" BEFORE INSERT OR UPDATE OF "zip"
  ON "listings" FOR EACH ROW EXECUTE FUNCTION "listings_place_cells"();--> statement-breakpoint
-- The text document alone is served by the same index (GIN answers any of its columns).
CREATE INDEX "listings_search_place_idx" ON "listings" USING gin ("search_document", "place_cells")
  WHERE "status" = 'active' AND "deleted_at" IS NULL AND "sale_type" = 0;--> statement-breakpoint
DROP INDEX "listings_search_document_idx";
