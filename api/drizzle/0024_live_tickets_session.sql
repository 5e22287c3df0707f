-- A ticket now names the session that asked for it (a ticket of an ended session opens nothing).
-- Tickets live 60 seconds: the ones outstanding at this upgrade are dropped, their pages ask again.
DELETE FROM "live_tickets";--> statement-breakpoint
ALTER TABLE "live_tickets" ADD COLUMN "session_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "live_tickets" ADD CONSTRAINT "live_tickets_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;