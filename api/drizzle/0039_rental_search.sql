-- Rental search (issue 20): rentals are found with the marketplace's search machinery, filed the
-- way listings are (docs/decisions/0010, 0022, 0032). A trigger keeps each rental's text document:
-- the title weighs most (A), then the description (B), then its property type and city (C). The
-- place trigger the listings use, generalised here to any table that keeps a zip and its place
-- columns, files each rental under the grid cells of its zip's centre (`place_cells_of`, which
-- api/src/modules/search/place-cells.ts mirrors) and keeps that centre and its finest cell. Only
-- available rentals are ever searched: the indexes hold just those rows.
CREATE FUNCTION "file_place_of_zip"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT place_cells_of(z.latitude, z.longitude), z.latitude, z.longitude
    INTO NEW.place_cells, NEW.place_latitude, NEW.place_longitude
    FROM zip_codes z WHERE z.zip = NEW.zip;
  NEW.place_cell := NEW.place_cells[1];
  RETURN NEW;
END $$;--> statement-breakpoint
-- The listings' own copy of the same function (migration 0033) gives way to the shared one.
DROP TRIGGER "listings_place_cells" ON "listings";--> statement-breakpoint
CREATE TRIGGER "listings_place_cells" BEFORE INSERT OR UPDATE OF "zip"
  ON "listings" FOR EACH ROW EXECUTE FUNCTION "file_place_of_zip"();--> statement-breakpoint
DROP FUNCTION "listings_place_cells"();--> statement-breakpoint
CREATE TRIGGER "rentals_place_cells" BEFORE INSERT OR UPDATE OF "zip"
  ON "rentals" FOR EACH ROW EXECUTE FUNCTION "file_place_of_zip"();--> statement-breakpoint
CREATE FUNCTION "rentals_search_fields"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_document :=
    setweight(to_tsvector('english', coalesce(NEW.title, '')), 'A') ||
    setweight(to_tsvector('english', coalesce(NEW.description, '')), 'B') ||
    setweight(to_tsvector('english', concat_ws(' ',
      coalesce((SELECT p.label FROM rental_properties p WHERE p.kind = 'propertyType' AND p.value = NEW.property_type),
        NEW.property_type),
      NEW.city)), 'C');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "rentals_search_fields" BEFORE INSERT OR UPDATE OF "title", "description", "property_type", "city"
  ON "rentals" FOR EACH ROW EXECUTE FUNCTION "rentals_search_fields"();--> statement-breakpoint
-- A property type the console renames, adds back or removes is found by its current name at once.
CREATE FUNCTION "rental_properties_refresh_search"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (NEW.kind, NEW.value, NEW.label) IS NOT DISTINCT FROM (OLD.kind, OLD.value, OLD.label) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.kind = 'propertyType' THEN
    UPDATE rentals SET title = title WHERE property_type = OLD.value;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.kind = 'propertyType'
      AND (TG_OP = 'INSERT' OR OLD.kind <> 'propertyType' OR NEW.value <> OLD.value) THEN
    UPDATE rentals SET title = title WHERE property_type = NEW.value;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "rental_properties_refresh_search" AFTER INSERT OR UPDATE OR DELETE ON "rental_properties"
  FOR EACH ROW EXECUTE FUNCTION "rental_properties_refresh_search"();--> statement-breakpoint
UPDATE "rentals" SET "title" = "title", "zip" = "zip";--> statement-breakpoint
-- "These words, in these cells" (docs/decisions/0010); the text alone is served by it too.
CREATE INDEX "rentals_search_place_idx" ON "rentals" USING gin ("search_document", "place_cells")
  WHERE "state" = 'available';--> statement-breakpoint
-- Browsing near a place: the cells around the radius as integer ranges, each newest first, read
-- from the index alone (docs/decisions/0032). The INCLUDE list is the rental search's
-- RENTALS.covered, the zip's centre, and what its filters read.
CREATE INDEX "rentals_available_cell_idx" ON "rentals" ("place_cell", "listed_at" DESC, "id" DESC) INCLUDE (
  "place_latitude", "place_longitude", "property_type", "bedrooms", "bathrooms", "rent_cents", "cats", "dogs",
  "available_from") WHERE "state" = 'available';
