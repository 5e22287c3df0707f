ALTER TABLE "checkouts" ADD COLUMN "use_rewards" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "rewards_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rewards_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_rewards" CHECK ("orders"."rewards_cents" >= 0 and "orders"."rewards_cents" <= "orders"."total_cents");