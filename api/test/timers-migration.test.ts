import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Engine, foldersUpTo, migrations, openEngine } from './migration-engine';

// Migration 0055 moves the timers a database holds to the one timer job of each process
// (ADR 0014): the queued jobs of the old per-timer names become `timer:<process>` jobs, due when
// they were due; live listings get their expiry queued as `timer:listing`. This file builds a
// database before 0055, queues timers the old way, runs 0055 and reads the jobs.

let engine: Engine;
let before055: string;

const DUE = '2030-01-02T03:04:05.678Z';
const OLD_TIMERS = [
  ['orders.auto-cancel', '{"orderId": 11}'],
  ['orders.auto-confirm', '{"orderId": 12}'],
  ['offers.expire', '{"offerId": 21}'],
  ['offers.lapse-reservation', '{"offerId": 22}'],
  ['returns.auto-accept', '{"returnId": 31}'],
  ['donations.lapse', '{"donationOrderId": 41}'],
] as const;

beforeAll(async () => {
  engine = await openEngine();
  before055 = foldersUpTo(54);
  await engine.migrate(before055);
  for (const [name, payload] of OLD_TIMERS) {
    await engine.query(`insert into jobs (name, payload, key, state, run_at, max_attempts)
      values ('${name}', '${payload}', 'old', 'queued', '${DUE}', 5)`);
  }
  // One that already ran stays as it is: a history.
  await engine.query(`insert into jobs (name, payload, key, state, run_at, max_attempts, done_at)
    values ('offers.expire', '{"offerId": 20}', 'offer:20', 'done', '${DUE}', 5, '${DUE}')`);
  await engine.query(`insert into zip_codes (zip, city, state_code, latitude, longitude)
    values ('10001', 'New York', 'NY', 40.75, -73.99)`);
  await engine.query(
    `insert into users (refnum, email, name_first, name_last) values ('U1', 'a@example.com', 'Ann', 'Lee')`,
  );
  await engine.query(`insert into categories (refnum, slug, title) values ('C1', 'things', 'Things')`);
  for (const [refnum, state] of [
    ['LIVE', 'live'],
    ['PAUSED', 'paused'],
  ]) {
    await engine.query(`insert into listings (refnum, seller_id, category_id, title, description, condition,
        price_cents, weight_lbs, shippable, meet_to_deliver, zip, state, listing_end)
      select '${refnum}', u.id, k.id, '${refnum}', 'd', 'used', 2500, 1, true, true, '10001', '${state}', '${DUE}'
      from users u, categories k`);
  }
  await engine.migrate(migrations);
}, 120_000);

afterAll(async () => {
  await engine?.close();
  if (before055) rmSync(before055, { recursive: true, force: true });
});

type JobRow = { name: string; key: string; state: string; run_at: Date; payload: Record<string, unknown> };

describe('migration 0055: timers are one job per process', () => {
  it("turns each queued timer of the old names into its process's timer job, due when it was", async () => {
    const rows = await engine.query<JobRow>(
      `select name, key, state, run_at, payload from jobs where state = 'queued' and name <> 'timer:listing' order by id`,
    );
    const at = DUE;
    expect(rows.map((row) => [row.name, row.key, row.payload, new Date(row.run_at).toISOString()])).toEqual([
      ['timer:order', 'autoCancel:11', { subjectId: 11, event: 'autoCancel', at }, DUE],
      ['timer:order', 'autoConfirm:12', { subjectId: 12, event: 'autoConfirm', at }, DUE],
      ['timer:offer', 'expire:21', { subjectId: 21, event: 'expire', at }, DUE],
      ['timer:offer', 'lapse:22', { subjectId: 22, event: 'lapse', at }, DUE],
      ['timer:return', 'autoAccept:31', { subjectId: 31, event: 'autoAccept', at }, DUE],
      ['timer:donation', 'lapse:41', { subjectId: 41, event: 'lapse', at }, DUE],
    ]);
    const history = await engine.query<JobRow>(`select name, key, state from jobs where state = 'done'`);
    expect(history).toEqual([{ name: 'offers.expire', key: 'offer:20', state: 'done' }]);
  });

  it("queues each live listing's expiry at its end, and none for a listing that is not live", async () => {
    const rows = await engine.query<JobRow & { refnum: string }>(
      `select l.refnum, j.key, j.payload, j.run_at from jobs j join listings l on j.key = 'expire:' || l.id
       where j.name = 'timer:listing' and j.state = 'queued'`,
    );
    expect(
      rows.map((row) => [row.refnum, row.payload.event, row.payload.at, new Date(row.run_at).toISOString()]),
    ).toEqual([['LIVE', 'expire', DUE, DUE]]);
  });
});
