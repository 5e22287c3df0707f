ALTER TABLE "stripe_connected_accounts" ADD COLUMN "payouts_status" text;--> statement-breakpoint
ALTER TABLE "stripe_connected_accounts" ADD COLUMN "requirements" jsonb;--> statement-breakpoint
ALTER TABLE "stripe_connected_accounts" ADD COLUMN "status_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "stripe_connected_accounts_account_idx" ON "stripe_connected_accounts" USING btree ("account_id");