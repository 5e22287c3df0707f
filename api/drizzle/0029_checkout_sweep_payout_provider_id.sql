ALTER TABLE "checkouts" ADD COLUMN "lost_message" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "swept_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "checkouts_created_idx" ON "checkouts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "seller_payouts_provider_payout_idx" ON "seller_payouts" USING btree ("provider_payout_id");