CREATE TABLE "live_bus_outbox" (
	"event_id" bigint PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL
);
