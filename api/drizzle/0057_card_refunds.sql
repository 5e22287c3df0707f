-- A refund to a buyer's card is counted by the ledger only once the provider made it (issue 34,
-- ADR 0066): Yardly's refunds owe the card's part (`refunds_owed`) and a card refund row tracks
-- its sending; refunds posted before this migration were counted at once and stay as they are.
CREATE TYPE "public"."card_refund_status" AS ENUM('sending', 'pending', 'succeeded', 'failed', 'released');--> statement-breakpoint
CREATE TABLE "card_refunds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"ledger_transaction_id" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" "card_refund_status" NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"reason" text NOT NULL,
	"buyer_notice" text NOT NULL,
	"buyer_notice_link" text NOT NULL,
	"provider_refund_id" text,
	"failure" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "card_refunds_positive" CHECK ("card_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "card_refunds" ADD CONSTRAINT "card_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_refunds" ADD CONSTRAINT "card_refunds_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_refunds_ledger_transaction_idx" ON "card_refunds" USING btree ("ledger_transaction_id");--> statement-breakpoint
CREATE INDEX "card_refunds_order_idx" ON "card_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "card_refunds_status_idx" ON "card_refunds" USING btree ("status");--> statement-breakpoint
CREATE INDEX "card_refunds_provider_refund_idx" ON "card_refunds" USING btree ("provider_refund_id");
