CREATE TYPE "public"."feedback_tag" AS ENUM('review', 'whitelist', 'blacklist');--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "order_id" bigint;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "rating_halves" smallint;--> statement-breakpoint
UPDATE "feedback" SET "rating_halves" = "rating" * 2;--> statement-breakpoint
ALTER TABLE "feedback" ALTER COLUMN "rating_halves" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "tag" "feedback_tag" DEFAULT 'review' NOT NULL;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
UPDATE "feedback" SET "published_at" = "created_at";--> statement-breakpoint
ALTER TABLE "feedback" ALTER COLUMN "published_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "feedback" ALTER COLUMN "published_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_one_per_side_idx" ON "feedback" USING btree ("order_id","from_user_id");--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_rating_halves_range" CHECK ("feedback"."rating_halves" between 1 and 10);--> statement-breakpoint
ALTER TABLE "feedback" DROP CONSTRAINT "feedback_rating_range";--> statement-breakpoint
ALTER TABLE "feedback" DROP COLUMN "rating";
