ALTER TABLE "listings" ADD COLUMN "organization_id" bigint;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "welcome_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "brand_color" text DEFAULT '#1f6f43' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "logo_path" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "commission_waived" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "welcome_credit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "benefits_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listings_organization_idx" ON "listings" USING btree ("organization_id","created_at" DESC NULLS LAST) WHERE "listings"."organization_id" is not null;