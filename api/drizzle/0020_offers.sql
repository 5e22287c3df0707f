-- No offer was ever made before this issue (the selling issue made the table for its checks only): start it empty.
DELETE FROM "offers";--> statement-breakpoint
CREATE TYPE "public"."offer_state" AS ENUM('pending', 'countered', 'accepted', 'declined', 'cancelled', 'expired');--> statement-breakpoint
ALTER TYPE "public"."listing_state" ADD VALUE 'reserved' BEFORE 'paused';--> statement-breakpoint
CREATE TABLE "offer_threads" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offer_threads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"listing_id" bigint NOT NULL,
	"buyer_id" bigint NOT NULL,
	"seller_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "offer_threads_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "offers" DROP CONSTRAINT "offers_amount_positive";--> statement-breakpoint
DROP INDEX "offers_listing_status_idx";--> statement-breakpoint
DROP INDEX "offers_buyer_idx";--> statement-breakpoint
ALTER TABLE "offers" ALTER COLUMN "expires_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ALTER COLUMN "created_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "offers" ALTER COLUMN "updated_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "transitions" ALTER COLUMN "from_state" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "thread_id" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "sender_id" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "parent_id" bigint;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "price_cents" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "state" "offer_state" DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "offer_threads" ADD CONSTRAINT "offer_threads_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_threads" ADD CONSTRAINT "offer_threads_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_threads" ADD CONSTRAINT "offer_threads_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offer_threads_listing_buyer_idx" ON "offer_threads" USING btree ("listing_id","buyer_id");--> statement-breakpoint
CREATE INDEX "offer_threads_buyer_idx" ON "offer_threads" USING btree ("buyer_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_thread_id_offer_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."offer_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_parent_id_offers_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offers_listing_state_idx" ON "offers" USING btree ("listing_id","state");--> statement-breakpoint
CREATE INDEX "offers_thread_idx" ON "offers" USING btree ("thread_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_pending_per_thread_idx" ON "offers" USING btree ("thread_id") WHERE "offers"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_accepted_per_listing_idx" ON "offers" USING btree ("listing_id") WHERE "offers"."state" = 'accepted';--> statement-breakpoint
ALTER TABLE "offers" DROP COLUMN "amount_cents";--> statement-breakpoint
ALTER TABLE "offers" DROP COLUMN "status";--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_price_positive" CHECK ("offers"."price_cents" > 0);--> statement-breakpoint
DROP TYPE "public"."offer_status";