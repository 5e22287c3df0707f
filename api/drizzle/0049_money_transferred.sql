-- Where a seller's money is (issue 34, docs/decisions/0046): a payout's transfer to the seller's
-- connected account is made once and remembered ("transfer_id"), so a payout that fails is sent
-- again from that account, never transferred again. Payouts written before this kept no transfer:
-- a failed one among them still has its money in available, as that model put it there.
ALTER TABLE "payment_events" ADD COLUMN "account" text;--> statement-breakpoint
ALTER TABLE "seller_payouts" ADD COLUMN "transfer_id" text;--> statement-breakpoint
ALTER TABLE "test_payouts" ADD COLUMN "kind" text DEFAULT 'payout' NOT NULL;--> statement-breakpoint
ALTER TABLE "test_payouts" ADD COLUMN "account" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "test_payouts" ADD COLUMN "status" text DEFAULT 'paid' NOT NULL;