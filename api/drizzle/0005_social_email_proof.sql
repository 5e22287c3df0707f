ALTER TYPE "public"."code_purpose" ADD VALUE 'social_email';--> statement-breakpoint
ALTER TABLE "oauth_flows" ADD COLUMN "pending_identity" jsonb;