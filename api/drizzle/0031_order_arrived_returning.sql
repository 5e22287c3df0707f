ALTER TYPE "public"."order_state" ADD VALUE 'arrived' BEFORE 'delivered';--> statement-breakpoint
ALTER TYPE "public"."order_state" ADD VALUE 'returning' BEFORE 'delivered';