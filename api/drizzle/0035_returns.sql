CREATE TYPE "public"."return_reason" AS ENUM('not_as_described', 'damaged', 'wrong_item', 'does_not_work', 'other');--> statement-breakpoint
CREATE TYPE "public"."return_state" AS ENUM('requested', 'accepted', 'disputed', 'refunded', 'refused');--> statement-breakpoint
CREATE TABLE "return_photos" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "return_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"return_id" bigint NOT NULL,
	"picno" integer NOT NULL,
	"path" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	CONSTRAINT "return_photos_picno_range" CHECK ("return_photos"."picno" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "returns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"refnum" text NOT NULL,
	"order_id" bigint NOT NULL,
	"state" "return_state" NOT NULL,
	"reason" "return_reason" NOT NULL,
	"text" text NOT NULL,
	"reply_by" timestamp with time zone NOT NULL,
	"shipment_id" bigint,
	"decided_by" bigint,
	"decision_note" text,
	"decided_at" timestamp with time zone,
	"refund_cents" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "returns_refnum_unique" UNIQUE("refnum"),
	CONSTRAINT "returns_text_length" CHECK (char_length("returns"."text") between 1 and 1000)
);
--> statement-breakpoint
ALTER TABLE "return_photos" ADD CONSTRAINT "return_photos_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "return_photos_picno_idx" ON "return_photos" USING btree ("return_id","picno");--> statement-breakpoint
CREATE UNIQUE INDEX "returns_one_per_order_idx" ON "returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "returns_state_idx" ON "returns" USING btree ("state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "returns_shipment_idx" ON "returns" USING btree ("shipment_id");