-- Timers fire one way (ADR 0014, issue 35): each process has one timer job, `timer:<process>`, with
-- the payload {subjectId, event, at} and the key `<event>:<subjectId>`. The timers queued under the
-- old per-timer job names become the process's timer job, due when they were due.
UPDATE "jobs" SET "name" = 'timer:order', "key" = 'autoCancel:' || ("payload"->>'orderId'),
  "payload" = jsonb_build_object('subjectId', ("payload"->>'orderId')::bigint, 'event', 'autoCancel', 'at', to_char(run_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
  WHERE "name" = 'orders.auto-cancel' AND "state" = 'queued';--> statement-breakpoint
UPDATE "jobs" SET "name" = 'timer:order', "key" = 'autoConfirm:' || ("payload"->>'orderId'),
  "payload" = jsonb_build_object('subjectId', ("payload"->>'orderId')::bigint, 'event', 'autoConfirm', 'at', to_char(run_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
  WHERE "name" = 'orders.auto-confirm' AND "state" = 'queued';--> statement-breakpoint
UPDATE "jobs" SET "name" = 'timer:offer', "key" = 'expire:' || ("payload"->>'offerId'),
  "payload" = jsonb_build_object('subjectId', ("payload"->>'offerId')::bigint, 'event', 'expire', 'at', to_char(run_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
  WHERE "name" = 'offers.expire' AND "state" = 'queued';--> statement-breakpoint
UPDATE "jobs" SET "name" = 'timer:offer', "key" = 'lapse:' || ("payload"->>'offerId'),
  "payload" = jsonb_build_object('subjectId', ("payload"->>'offerId')::bigint, 'event', 'lapse', 'at', to_char(run_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
  WHERE "name" = 'offers.lapse-reservation' AND "state" = 'queued';--> statement-breakpoint
UPDATE "jobs" SET "name" = 'timer:return', "key" = 'autoAccept:' || ("payload"->>'returnId'),
  "payload" = jsonb_build_object('subjectId', ("payload"->>'returnId')::bigint, 'event', 'autoAccept', 'at', to_char(run_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
  WHERE "name" = 'returns.auto-accept' AND "state" = 'queued';--> statement-breakpoint
UPDATE "jobs" SET "name" = 'timer:donation', "key" = 'lapse:' || ("payload"->>'donationOrderId'),
  "payload" = jsonb_build_object('subjectId', ("payload"->>'donationOrderId')::bigint, 'event', 'lapse', 'at', to_char(run_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
  WHERE "name" = 'donations.lapse' AND "state" = 'queued';--> statement-breakpoint
-- Live listings published before the change get their expiry as a timer job too (the sweep
-- `listings.expire-due` stays only as a safety net).
INSERT INTO "jobs" ("name", "payload", "key", "run_at", "max_attempts")
  SELECT 'timer:listing',
    jsonb_build_object('subjectId', "id", 'event', 'expire', 'at', to_char("listing_end" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
    'expire:' || "id", "listing_end", 5
  FROM "listings" WHERE "state" = 'live' AND "listing_end" IS NOT NULL
  ON CONFLICT DO NOTHING;
