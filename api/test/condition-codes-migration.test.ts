import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Engine, foldersUpTo, migrations, openEngine } from './migration-engine';

// Migration 0017 stores a listing's condition as its code and gives the rules' category flags
// to the categories the rules used to name by title. This file builds a database before 0017,
// writes listings with every label and the taxonomy's titles, runs 0017 and reads the result.

const LABELS = {
  New: 'new',
  'Like New': 'like_new',
  Used: 'used',
  'Open Box': 'open_box',
  'Parts Not Working': 'parts_not_working',
  'open-box': 'open_box',
} as const;

let engine: Engine;
let before017: string;

beforeAll(async () => {
  engine = await openEngine();
  before017 = foldersUpTo(16);
  await engine.migrate(before017);
  await engine.query(`insert into zip_codes (zip, city, state_code) values ('10001', 'New York', 'NY')`);
  await engine.query(
    `insert into users (refnum, email, name_first, name_last) values ('U1', 'a@example.com', 'Ann', 'Lee')`,
  );
  await engine.query(`insert into categories (refnum, slug, title) values
    ('C1', 'electronics', 'Electronics'), ('C2', 'clothing-and-shoes', 'Clothing and Shoes'),
    ('C3', 'books-and-stationery', 'Books and Stationery'), ('C4', 'kitchen', 'Kitchen')`);
  await engine.query(`insert into categories (refnum, slug, title, parent_id)
    select v.refnum, v.slug, v.title, (select id from categories where refnum = 'C1')
    from (values ('S1', 'cell-phones', 'Cell Phones'), ('S2', 'computers-tablets-pc', 'Computers/Tablets/PC'),
      ('S3', 'audio', 'Audio'), ('S4', 'camera', 'Camera'), ('S5', 'camera-accessories', 'Camera Accessories'),
      ('S6', 'tv-video', 'TV & Video')) as v(refnum, slug, title)`);
  for (const label of Object.keys(LABELS)) {
    await engine.query(`insert into listings (refnum, seller_id, category_id, title, description, condition,
        price_cents, weight_lbs, shippable, meet_to_deliver, zip, state)
      select '${label}', u.id, k.id, '${label}', 'd', '${label}', 2500, 1, true, true, '10001', 'live'
      from users u, categories k where k.refnum = 'C1'`);
  }
  await engine.migrate(migrations);
}, 120_000);

afterAll(async () => {
  await engine?.close();
  if (before017) rmSync(before017, { recursive: true, force: true });
});

describe('migration 0017: condition codes and category flags', () => {
  it('turns every condition label into its code', async () => {
    const rows = await engine.query<{ title: string; condition: string }>('select title, condition from listings');
    expect(Object.fromEntries(rows.map((r) => [r.title, r.condition]))).toEqual(LABELS);
  });

  it('flags the restricted electronics subcategories, and no other', async () => {
    const rows = await engine.query<{ title: string }>(
      'select title from categories where restricted_electronics order by title',
    );
    expect(rows.map((r) => r.title)).toEqual([
      'Audio',
      'Camera',
      'Camera Accessories',
      'Cell Phones',
      'Computers/Tablets/PC',
    ]);
  });

  it('lets the donation categories take donations, and no other', async () => {
    const rows = await engine.query<{ title: string }>(
      'select title from categories where donation_allowed order by title',
    );
    expect(rows.map((r) => r.title)).toEqual(['Books and Stationery', 'Clothing and Shoes']);
  });
});
