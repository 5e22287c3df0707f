CREATE TABLE "dev_clock" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"offset_ms" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dev_clock_one_row" CHECK ("dev_clock"."id" = 1),
	CONSTRAINT "dev_clock_forward" CHECK ("dev_clock"."offset_ms" >= 0)
);
