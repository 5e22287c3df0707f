CREATE TABLE "live_bus_session_ends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_bus_outbox" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;