import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Engine, foldersUpTo, migrations, openEngine } from './migration-engine';

// Migration 0019 makes each refresh-token family a session and drops the clear mail bodies
// recorded so far. This file builds a database before 0019, writes families, mails and mail
// jobs the old way, runs 0019 and reads the result.

let engine: Engine;
let before019: string;

beforeAll(async () => {
  engine = await openEngine();
  before019 = foldersUpTo(18);
  await engine.migrate(before019);
  await engine.query(
    `insert into users (refnum, email, name_first, name_last) values ('U1', 'a@example.com', 'Ann', 'Lee')`,
  );
  // Family "ended": its first token was revoked (a log-out); family "alive": two rotations, none revoked.
  await engine.query(`insert into refresh_tokens (family_id, user_id, token_hash, expires_at, revoked_at, used_at)
    select f, u.id, h, '2030-01-01T00:00:00Z', r::timestamptz, null from users u,
      (values ('ended', 'h1', '2026-01-01T00:00:00Z'), ('ended', 'h2', null),
              ('alive', 'h3', null), ('alive', 'h4', null)) as v(f, h, r)`);
  await engine.query(`insert into mail_outbox ("to", subject, text, html, transport)
    values ('a@example.com', 'Your Yardly log-in code', 'code 123456', '<p>123456</p>', 'log')`);
  await engine.query(`insert into jobs (name, payload, state, run_at, max_attempts) values
    ('mail.deliver', '{"to":"a@example.com","subject":"S","text":"code 654321","html":"654321"}', 'done', now(), 20),
    ('mail.deliver', '{"to":"b@example.com","subject":"S","text":"code 777777","html":"777777"}', 'queued', now(), 20)`);
  await engine.migrate(migrations);
}, 120_000);

afterAll(async () => {
  await engine?.close();
  if (before019) rmSync(before019, { recursive: true, force: true });
});

describe('migration 0019: sessions and sealed mail', () => {
  it('makes each refresh family a session, ended when any of its tokens was revoked', async () => {
    const rows = await engine.query<{ id: string; ended: boolean; tokens: number }>(
      `select s.id, s.revoked_at is not null as ended, count(t.id)::int as tokens
       from sessions s join refresh_tokens t on t.family_id = s.id group by s.id, s.revoked_at order by s.id`,
    );
    expect(rows).toEqual([
      { id: 'alive', ended: false, tokens: 2 },
      { id: 'ended', ended: true, tokens: 2 },
    ]);
  });

  it('keeps no clear mail body, but delivers a mail still queued as it was queued', async () => {
    const outbox = await engine.query<Record<string, unknown>>('select * from mail_outbox');
    expect(outbox).toHaveLength(1);
    expect(JSON.stringify(outbox)).not.toContain('123456');
    expect(outbox[0]?.sealed_body).toBeNull();
    const jobs = await engine.query<{ state: string; payload: Record<string, unknown> }>(
      `select state, payload from jobs where name = 'mail.deliver' order by id`,
    );
    expect(jobs.map((job) => [job.state, job.payload])).toEqual([
      ['done', { to: 'a@example.com', subject: 'S' }],
      ['queued', { to: 'b@example.com', subject: 'S', text: 'code 777777', html: '777777' }],
    ]);
  });
});
