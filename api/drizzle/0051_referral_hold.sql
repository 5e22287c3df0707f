-- Referral rewards that need more than a new address (issue 34, docs/decisions/0050): a reward
-- waits 72 hours ('pending', until held_until) before its money moves, an admin may void one
-- ('voided'), and the address a friend signed up from is kept hashed for the farming view.
ALTER TYPE "public"."reward_state" ADD VALUE 'pending' BEFORE 'held';--> statement-breakpoint
ALTER TYPE "public"."reward_state" ADD VALUE 'voided';--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "signup_address_hash" text;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "held_until" timestamp with time zone;
