CREATE TYPE "public"."donation_state" AS ENUM('requested', 'pickupConfirmed', 'pickedUp', 'received', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."organization_kind" AS ENUM('company', 'charity');--> statement-breakpoint
CREATE TABLE "donation_contact_notes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "donation_contact_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"admin_id" bigint NOT NULL,
	"note" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donation_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "donation_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"refnum" text NOT NULL,
	"listing_id" bigint NOT NULL,
	"donor_id" bigint NOT NULL,
	"recipient_id" bigint NOT NULL,
	"organization_id" bigint NOT NULL,
	"state" "donation_state" NOT NULL,
	"pickup_address_id" bigint,
	"pickup_address" jsonb,
	"conversation_id" bigint NOT NULL,
	"confirm_by" timestamp with time zone NOT NULL,
	"contact_by" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"picked_up_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"contacted_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "donation_orders_refnum_unique" UNIQUE("refnum")
);
--> statement-breakpoint
CREATE TABLE "donation_pictures" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "donation_pictures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"resource_path" text NOT NULL,
	"uploader_id" bigint NOT NULL,
	"saved" boolean DEFAULT false NOT NULL,
	"message_ref" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "donation_pictures_resource_path_unique" UNIQUE("resource_path")
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "kind" "organization_kind" DEFAULT 'company' NOT NULL;--> statement-breakpoint
ALTER TABLE "donation_contact_notes" ADD CONSTRAINT "donation_contact_notes_order_id_donation_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."donation_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_contact_notes" ADD CONSTRAINT "donation_contact_notes_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_orders" ADD CONSTRAINT "donation_orders_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_orders" ADD CONSTRAINT "donation_orders_donor_id_users_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_orders" ADD CONSTRAINT "donation_orders_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_orders" ADD CONSTRAINT "donation_orders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_orders" ADD CONSTRAINT "donation_orders_pickup_address_id_addresses_id_fk" FOREIGN KEY ("pickup_address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_orders" ADD CONSTRAINT "donation_orders_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_pictures" ADD CONSTRAINT "donation_pictures_order_id_donation_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."donation_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_pictures" ADD CONSTRAINT "donation_pictures_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donation_contact_notes_order_idx" ON "donation_contact_notes" USING btree ("order_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "donation_orders_one_open_per_listing_idx" ON "donation_orders" USING btree ("listing_id") WHERE state in ('requested', 'pickupConfirmed', 'pickedUp');--> statement-breakpoint
CREATE INDEX "donation_orders_listing_idx" ON "donation_orders" USING btree ("listing_id","created_at");--> statement-breakpoint
CREATE INDEX "donation_orders_state_idx" ON "donation_orders" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "donation_orders_donor_idx" ON "donation_orders" USING btree ("donor_id");--> statement-breakpoint
CREATE INDEX "donation_orders_recipient_idx" ON "donation_orders" USING btree ("recipient_id");--> statement-breakpoint
CREATE INDEX "donation_pictures_order_idx" ON "donation_pictures" USING btree ("order_id","created_at");