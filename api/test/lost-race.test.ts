import { genericMessages } from '@yardly/shared/rules';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/connect';
import { toEnvelope } from '../src/http/envelope-errors';
import { startTestApp, type TestApp } from './harness';

// Two people's transactions that lock the same rows in opposite orders: PostgreSQL aborts one
// (deadlock_detected). The loser's answer is the race's clear 409, never a 500.

/** Each transaction locks its first row, waits for the other to hold its own, then asks for the other's. */
async function deadlock(db: Db): Promise<unknown[]> {
  await db.execute(sql`create table if not exists race_rows (id int primary key)`);
  await db.execute(sql`insert into race_rows values (1), (2) on conflict do nothing`);
  let holding = 0;
  const bothHold = async () => {
    holding += 1;
    while (holding < 2) await new Promise((resolve) => setImmediate(resolve));
  };
  const run = (first: number, second: number) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select id from race_rows where id = ${first} for update`);
      await bothHold();
      await tx.execute(sql`select id from race_rows where id = ${second} for update`);
    });
  const outcomes = await Promise.allSettled([run(1, 2), run(2, 1)]);
  return outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
}

describe('a race the database breaks (deadlock, serialization failure)', () => {
  it('answers 409 with the words to try again, for the codes as pg and PGlite give them, directly or wrapped', () => {
    for (const code of ['40P01', '40001']) {
      const direct = Object.assign(new Error('deadlock detected'), { code });
      const wrapped = Object.assign(new Error('Failed query: select …'), { cause: direct });
      for (const error of [direct, wrapped]) {
        expect(toEnvelope(error)).toEqual({
          status: 409,
          body: { code: 409, msg: genericMessages.changedMeanwhile, error: 'changed_meanwhile' },
        });
      }
    }
    // Any other database failure stays the server's.
    expect(toEnvelope(Object.assign(new Error('disk full'), { code: '53100' })).status).toBe(500);
  });

  // The embedded database runs one transaction at a time, so it cannot deadlock: the PostgreSQL
  // pass of `pnpm test` makes a real one (the embedded pass lists this test as skipped).
  describe.skipIf(!process.env.DATABASE_URL)('a real deadlock, on PostgreSQL', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp();
    });
    afterAll(() => t?.close());

    it('aborts exactly one of the two, and its error becomes the 409', async () => {
      const failures = await deadlock(t.database.db);
      expect(failures).toHaveLength(1);
      expect(toEnvelope(failures[0] as Error).status).toBe(409);
    });
  });
});
