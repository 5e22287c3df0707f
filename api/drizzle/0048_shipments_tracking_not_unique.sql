-- Issue 34: a label the carrier sold is kept even when its tracking number is already on file (carriers
-- reuse numbers; Shippo's test labels share one), so the number is indexed, not unique. The carrier's
-- own token (Shippo's usps, dhl_express, gls_us) is kept from the rate the label was bought for.
ALTER TABLE "shipments" DROP CONSTRAINT "shipments_tracking_number_unique";--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "carrier_code" text;--> statement-breakpoint
CREATE INDEX "shipments_tracking_idx" ON "shipments" USING btree ("tracking_number");
