import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Engine, foldersUpTo, migrations, openEngine } from './migration-engine';

// Migration 0013 turns the four columns that spelled a listing's life into one state. This file
// builds a database at 0012, writes a listing in every combination the old columns could hold,
// runs 0013 and reads what each became.

/** Every combination the old columns could hold, and the state it must become. */
const CASES = [
  { title: 'live', status: 'active', saleType: 0, deleted: false, ended: false, price: 2500, state: 'live' },
  { title: 'live, no end', status: 'active', saleType: 0, deleted: false, ended: null, price: 2500, state: 'live' },
  { title: 'past its end', status: 'active', saleType: 0, deleted: false, ended: true, price: 2500, state: 'expired' },
  { title: 'deactivated', status: 'inactive', saleType: 0, deleted: false, ended: false, price: 2500, state: 'paused' },
  {
    title: 'deactivated past its end',
    status: 'inactive',
    saleType: 0,
    deleted: false,
    ended: true,
    price: 2500,
    state: 'paused',
  },
  { title: 'draft', status: 'draft', saleType: 0, deleted: false, ended: null, price: 2500, state: 'draft' },
  { title: 'sold', status: 'active', saleType: 1, deleted: false, ended: false, price: 2500, state: 'sold' },
  { title: 'sold, ended', status: 'active', saleType: 2, deleted: false, ended: true, price: 2500, state: 'sold' },
  {
    title: 'sold, then deactivated',
    status: 'inactive',
    saleType: 1,
    deleted: false,
    ended: false,
    price: 900,
    state: 'sold',
  },
  { title: 'given away', status: 'active', saleType: 1, deleted: false, ended: false, price: 0, state: 'donated' },
  { title: 'free, unsold', status: 'active', saleType: 0, deleted: false, ended: false, price: 0, state: 'live' },
  {
    title: "'donated' status",
    status: 'donated',
    saleType: 0,
    deleted: false,
    ended: false,
    price: 0,
    state: 'donated',
  },
  {
    title: "'canceled' status",
    status: 'canceled',
    saleType: 0,
    deleted: false,
    ended: false,
    price: 100,
    state: 'deleted',
  },
  { title: 'deleted live', status: 'active', saleType: 0, deleted: true, ended: false, price: 2500, state: 'deleted' },
  { title: 'deleted draft', status: 'draft', saleType: 0, deleted: true, ended: null, price: 2500, state: 'deleted' },
  { title: 'deleted sold', status: 'active', saleType: 1, deleted: true, ended: false, price: 2500, state: 'deleted' },
  {
    title: 'deleted expired',
    status: 'active',
    saleType: 0,
    deleted: true,
    ended: true,
    price: 2500,
    state: 'deleted',
  },
] as const;

/** What a deleted listing's log row must say it was deleted from. */
const DELETED_FROM: Record<string, string> = {
  "'canceled' status": 'live',
  'deleted live': 'live',
  'deleted draft': 'draft',
  'deleted sold': 'sold',
  'deleted expired': 'expired',
};

let engine: Engine;
let before012: string;

beforeAll(async () => {
  engine = await openEngine();
  before012 = foldersUpTo(12);
  await engine.migrate(before012);
  await engine.query(`insert into zip_codes (zip, city, state_code, latitude, longitude)
    values ('10001', 'New York', 'NY', 40.75, -73.99)`);
  await engine.query(
    `insert into users (refnum, email, name_first, name_last) values ('U1', 'a@example.com', 'Ann', 'Lee')`,
  );
  await engine.query(`insert into categories (refnum, slug, title) values ('C1', 'things', 'Things')`);
  for (const c of CASES) {
    const end = c.ended === null ? 'null' : c.ended ? "now() - interval '1 day'" : "now() + interval '30 days'";
    await engine.query(`insert into listings (refnum, seller_id, category_id, title, description, condition,
        price_cents, weight_lbs, shippable, meet_to_deliver, zip, status, sale_type, deleted_at, listing_end)
      select '${c.title.replaceAll("'", '')}', u.id, k.id, '${c.title.replaceAll("'", "''")}', 'd', 'Used',
        ${c.price}, 1, true, true, '10001', '${c.status}', ${c.saleType},
        ${c.deleted ? "now() - interval '2 days'" : 'null'}, ${end}
      from users u, categories k`);
  }
  await engine.migrate(migrations);
}, 120_000);

afterAll(async () => {
  await engine?.close();
  if (before012) rmSync(before012, { recursive: true, force: true });
});

describe('migration 0013: one state for a listing', () => {
  it('keeps every listing, each in the state its old columns meant', async () => {
    const rows = await engine.query<{ title: string; state: string }>('select title, state::text from listings');
    expect(rows).toHaveLength(CASES.length);
    const got = Object.fromEntries(rows.map((r) => [r.title, r.state]));
    expect(got).toEqual(Object.fromEntries(CASES.map((c) => [c.title, c.state])));
  });

  it('logs, for each deleted listing, the state it was deleted from', async () => {
    const rows = await engine.query<{ title: string; event: string; from_state: string; to_state: string }>(
      `select l.title, t.event, t.from_state, t.to_state from transitions t join listings l on l.id = t.subject_id
       where t.process = 'listing'`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.title, r.from_state]))).toEqual(DELETED_FROM);
    expect(new Set(rows.map((r) => `${r.event}→${r.to_state}`))).toEqual(new Set(['migrate→deleted']));
  });

  it('drops the old columns and keeps the live indexes on the one state', async () => {
    const columns = await engine.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'listings'
       and column_name in ('status', 'sale_type', 'deleted_at', 'listing_end', 'state')`,
    );
    expect(columns.map((c) => c.column_name).sort()).toEqual(['listing_end', 'state']);
    const indexes = await engine.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes where tablename = 'listings' and indexname in
       ('listings_live_category_idx', 'listings_live_subcategory_idx', 'listings_live_recent_idx',
        'listings_live_cell_idx', 'listings_search_place_idx')`,
    );
    expect(indexes).toHaveLength(5);
    // Migration 0046 adds the public marketplace's condition to them (organisations' listings apart).
    for (const index of indexes) {
      expect(index.indexdef).toMatch(/WHERE \(\(state = 'live'::listing_state\) AND \(organization_id IS NULL\)\)$/);
    }
  });
});
