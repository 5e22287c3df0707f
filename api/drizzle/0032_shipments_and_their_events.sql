CREATE TYPE "public"."parcel_status" AS ENUM('pre_transit', 'in_transit', 'out_for_delivery', 'delivered', 'exception');--> statement-breakpoint
CREATE TYPE "public"."shipment_direction" AS ENUM('outbound', 'return');--> statement-breakpoint
CREATE TABLE "shipment_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipment_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"shipment_id" bigint NOT NULL,
	"status" "parcel_status" NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"description" text NOT NULL,
	"carrier_event_id" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shipment_events_carrier_event_id_unique" UNIQUE("carrier_event_id")
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"direction" "shipment_direction" NOT NULL,
	"carrier" text NOT NULL,
	"carrier_label_id" text NOT NULL,
	"tracking_number" text NOT NULL,
	"service" text NOT NULL,
	"parcel" text NOT NULL,
	"weight_lbs" numeric(5, 2) NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" "parcel_status" NOT NULL,
	"from_address" jsonb NOT NULL,
	"to_address" jsonb NOT NULL,
	"expected_at" timestamp with time zone,
	"label_pdf" "bytea" NOT NULL,
	"idempotency_key" text,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shipments_tracking_number_unique" UNIQUE("tracking_number")
);
--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_events_shipment_idx" ON "shipment_events" USING btree ("shipment_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_one_live_per_order_idx" ON "shipments" USING btree ("order_id","direction") WHERE "shipments"."voided_at" is null;--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id");