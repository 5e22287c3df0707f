CREATE TYPE "public"."referral_block" AS ENUM('same_email', 'same_bank_account', 'same_device');--> statement-breakpoint
CREATE TYPE "public"."reward_side" AS ENUM('inviter', 'friend');--> statement-breakpoint
CREATE TYPE "public"."reward_state" AS ENUM('held', 'granted', 'refused', 'reversed');--> statement-breakpoint
CREATE TABLE "referral_invites" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_invites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"inviter_id" bigint NOT NULL,
	"email" text NOT NULL,
	"email_normalised" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rewards" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rewards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"refnum" text NOT NULL,
	"referral_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"side" "reward_side" NOT NULL,
	"state" "reward_state" NOT NULL,
	"amount_cents" bigint NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	"decided_by" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rewards_refnum_unique" UNIQUE("refnum"),
	CONSTRAINT "rewards_amount_check" CHECK (amount_cents > 0)
);
--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "first_listing_id" bigint;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "listed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "blocked_reason" "referral_block";--> statement-breakpoint
ALTER TABLE "referral_invites" ADD CONSTRAINT "referral_invites_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_invites_inviter_idx" ON "referral_invites" USING btree ("inviter_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "rewards_referral_side_idx" ON "rewards" USING btree ("referral_id","side");--> statement-breakpoint
CREATE INDEX "rewards_user_idx" ON "rewards" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rewards_state_idx" ON "rewards" USING btree ("state");--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_first_listing_id_listings_id_fk" FOREIGN KEY ("first_listing_id") REFERENCES "public"."listings"("id") ON DELETE no action ON UPDATE no action;