-- Issue 16, section 4. A login becomes a row of its own (sessions): access tokens name it and
-- are refused at once when it ends, instead of living out their 15 minutes. Each refresh-token
-- family of before becomes a session: its end, and ended if any of its tokens was revoked.
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "sessions" ("id", "user_id", "expires_at", "revoked_at", "created_at")
  SELECT "family_id", min("user_id"), max("expires_at"), max("revoked_at"), min("created_at")
  FROM "refresh_tokens" GROUP BY "family_id";--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_family_id_sessions_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" DROP COLUMN "expires_at";--> statement-breakpoint
ALTER TABLE "refresh_tokens" DROP COLUMN "revoked_at";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "sessions_valid_after";--> statement-breakpoint
-- Mail bodies carry codes and links: from now on they are kept sealed (the key derives from the
-- server secret, which SQL does not have). The clear bodies recorded so far are dropped, and so
-- are those of finished mail jobs; a mail still queued is delivered as it was queued.
ALTER TABLE "mail_outbox" ADD COLUMN "sealed_body" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP COLUMN "text";--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP COLUMN "html";--> statement-breakpoint
UPDATE "jobs" SET "payload" = jsonb_build_object('to', "payload"->'to', 'subject', "payload"->'subject')
  WHERE "name" = 'mail.deliver' AND "state" <> 'queued' AND "payload" ? 'text';
