import type { SearchResult } from '@yardly/shared/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeKept, keptNames, MAX_KEPT } from '../src/db/kept-statements';
import { insertListing, insertSeller } from './fixtures';
import { json, startTestApp, type TestApp } from './harness';
import { post } from './identity-helpers';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  const seller = await insertSeller(t.database.db, { zip: '10001' });
  for (const [title, priceCents] of [
    ['Oak dining table', 12000],
    ['Oak side table', 4000],
    ['Pine table', 2000],
  ] as const) {
    await insertListing(t.database.db, seller.id, 'home-decor-furniture', { title, priceCents });
  }
});
afterAll(() => t.close());

describe('kept statements', () => {
  it('answer each run for its own values, many runs over', async () => {
    const statement = (min: number) => sql`select count(*)::int as n from listings where price_cents >= ${min}`;
    // PostgreSQL would consider a generic plan after the fifth run of a prepared statement.
    for (let run = 0; run < 4; run++) {
      for (const [min, n] of [
        [0, 3],
        [3000, 2],
        [10000, 1],
        [20000, 0],
      ] as const) {
        expect(await executeKept<{ n: number }>(t.database.db, statement(min))).toEqual([{ n }]);
      }
    }
  });

  it('are planned afresh for their values on every connection', async () => {
    const runs = await Promise.all(
      Array.from({ length: 6 }, () =>
        executeKept<{ plan_cache_mode: string }>(t.database.db, sql`show plan_cache_mode`),
      ),
    );
    for (const rows of runs) expect(rows).toEqual([{ plan_cache_mode: 'force_custom_plan' }]);
  });

  it('give a search the same answer however often it is asked', async () => {
    const totals: number[] = [];
    for (let run = 0; run < 8; run++) {
      const res = await post(t, '/search/srp', { q: run % 2 ? 'oak table' : 'table', zip: '10001', d: 20 });
      expect(res.statusCode, res.body).toBe(200);
      totals.push(json<SearchResult>(res).data.totalElements);
    }
    expect(totals).toEqual([3, 2, 3, 2, 3, 2, 3, 2]);
  });

  it('keep one name per statement text, and name no more than MAX_KEPT texts', () => {
    // A registry of its own: the process's one has named what other test files ran.
    const keptName = keptNames();
    const first = keptName('select 1 as kept_test');
    expect(first).toBeDefined();
    expect(keptName('select 1 as kept_test')).toBe(first);
    // MAX_KEPT + 1 fresh texts: named until MAX_KEPT texts are, then not.
    const given = Array.from({ length: MAX_KEPT + 1 }, (_, i) => keptName(`select ${i} as kept_${i}`));
    const full = given.indexOf(undefined);
    expect(full).toBe(MAX_KEPT - 1);
    expect(given.slice(full).every((name) => name === undefined)).toBe(true);
    const named = given.slice(0, full);
    expect(new Set([first, ...named]).size).toBe(named.length + 1);
    expect(keptName('select 2 as one_too_many')).toBeUndefined();
    expect(keptName('select 1 as kept_test')).toBe(first);
  });
});
