-- Members-only listings (issue 23, docs/decisions/0042). The public marketplace's lists never show
-- an organisation's listing: every public read adds "organization_id" IS NULL, so the partial
-- indexes that serve them hold exactly those rows (their predicate implies the condition, and an
-- index-only scan still needs no other column). An organisation's lists read
-- "listings_organization_idx" (0043). The hand-written ones keep their column lists (0012, 0033).
DROP INDEX "listings_live_category_idx";--> statement-breakpoint
DROP INDEX "listings_live_subcategory_idx";--> statement-breakpoint
DROP INDEX "listings_live_recent_idx";--> statement-breakpoint
-- The commission an order did not charge: its organisation waives it on sales between members (an
-- employee benefit; the order's "commission_cents" is then 0). The benefit's monthly report sums it.
ALTER TABLE "orders" ADD COLUMN "commission_waived_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "listings_live_category_idx" ON "listings" USING btree ("category_id","created_at" DESC NULLS LAST) WHERE "listings"."state" = 'live' and "listings"."organization_id" is null;--> statement-breakpoint
CREATE INDEX "listings_live_subcategory_idx" ON "listings" USING btree ("sub_category_id","created_at" DESC NULLS LAST) WHERE "listings"."state" = 'live' and "listings"."organization_id" is null;--> statement-breakpoint
CREATE INDEX "listings_live_recent_idx" ON "listings" USING btree ("created_at" DESC NULLS LAST) WHERE "listings"."state" = 'live' and "listings"."organization_id" is null;--> statement-breakpoint
DROP INDEX "listings_live_cell_idx";--> statement-breakpoint
CREATE INDEX "listings_live_cell_idx" ON "listings" ("place_cell", "created_at" DESC, "id" DESC) INCLUDE (
  "place_latitude", "place_longitude", "category_id", "sub_category_id", "condition", "price_cents", "shippable",
  "meet_to_deliver", "offer_free_delivery", "seller_id", "listing_end")
  WHERE "state" = 'live' AND "organization_id" IS NULL;--> statement-breakpoint
DROP INDEX "listings_search_place_idx";--> statement-breakpoint
CREATE INDEX "listings_search_place_idx" ON "listings" USING gin ("search_document", "place_cells")
  WHERE "state" = 'live' AND "organization_id" IS NULL;
