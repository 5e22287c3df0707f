-- Trigram search and distance in miles. On PostgreSQL 15 earthdistance is not a trusted
-- extension: create these as a superuser when setting up the database; IF NOT EXISTS then
-- makes this a no-op for the app role.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
