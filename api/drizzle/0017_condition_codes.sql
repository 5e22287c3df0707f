-- Issue 15, section 4. A listing's condition is stored as its code (shared CONDITION_LABELS; the
-- label is rendered from it), and the marketplace rules read the category's flags instead of
-- matching titles: "restricted_electronics" joins "donation_allowed". The flags are set here for
-- the categories the rules named by title until now, so an existing database keeps its rules.
UPDATE "listings" SET "condition" = CASE lower(regexp_replace(trim("condition"), '[\s_-]+', ' ', 'g'))
  WHEN 'new' THEN 'new'
  WHEN 'like new' THEN 'like_new'
  WHEN 'used' THEN 'used'
  WHEN 'open box' THEN 'open_box'
  WHEN 'parts not working' THEN 'parts_not_working'
  ELSE "condition"
END;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "restricted_electronics" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "categories" SET "restricted_electronics" = true
  WHERE "parent_id" IS NOT NULL
    AND "title" IN ('Cell Phones', 'Computers/Tablets/PC', 'Audio', 'Camera', 'Camera Accessories');--> statement-breakpoint
UPDATE "categories" SET "donation_allowed" = true
  WHERE "parent_id" IS NULL AND "title" IN ('Clothing and Shoes', 'Books and Stationery');
