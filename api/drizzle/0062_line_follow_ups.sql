-- A conversation line's follow-up (ADR 0073): the line commits with one row here, and what follows
-- from it (the other party's notification, its delivery job, both parties' live events) is done
-- after the commit by messages' line follower, which deletes the row in the same transaction.
CREATE TABLE "line_follow_ups" (
  "message_id" bigint PRIMARY KEY NOT NULL REFERENCES "messages"("id") ON DELETE CASCADE,
  "writer_id" bigint,
  "title" text NOT NULL,
  "notice" jsonb NOT NULL
);
