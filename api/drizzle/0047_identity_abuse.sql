-- Issue 34 (docs/decisions/0047): the fingerprints of the secrets every instance on this database
-- must share, and the addresses that refused further referral invitations.
CREATE TABLE "instance_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invite_refusals" (
	"email_normalised" text PRIMARY KEY NOT NULL,
	"refused_at" timestamp with time zone NOT NULL
);
