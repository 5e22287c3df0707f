// Issue 37: the similar-items call and the price guidance over the bulk catalogue (BENCH_LISTINGS,
// 100,000), with one completed sale for every fifth listing that has a price (its order delivered,
// the ledger's release dated over the last 120 days, so about three quarters fall in the 90-day
// window). Called directly (their SQL, no HTTP) with each statement's plan, then over HTTP against
// the api in a second process. Goal: p95 <= 50 ms each (issue 37).
import { priceGuidanceQuerySchema } from '@yardly/shared/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../src/db/connect';
import { moreFromSeller, similarListings, similarStatement } from '../src/modules/similar/listings';
import { priceGuidance, priceGuidanceStatement } from '../src/modules/similar/price-guidance';
import type { BenchDatabase } from './engines';
import { type HttpTarget, measureDirect, measureHttpTable, printHeader, printRow } from './measure';
import { startServer, stopServer } from './server';

/** One completed sale for every fifth priced listing: orders, their checkouts and the ledger's release. */
async function seedSales(db: Db): Promise<number> {
  const rows = (await db.execute(sql`
    with picked as (
      select l.id, l.seller_id, l.price_cents, row_number() over (order by l.id) as n
      from listings l where l.price_cents > 0 and l.id % 5 = 0
        and not exists (select 1 from orders o where o.listing_id = l.id)),
    buyer as (select min(id) as id from users),
    placed as (
      insert into checkouts (payment_intent_id, provider, buyer_id, idempotency_key, listing_id, delivery_method,
        item_price_cents, shipping_cents, total_cents, created_at)
      select 'bench_pi_' || p.id, 'test', buyer.id, 'bench_' || p.id, p.id, 'pickup', p.price_cents, 0, p.price_cents,
        now() - (p.n % 120) * interval '1 day' - interval '2 days'
      from picked p, buyer
      returning id, listing_id, created_at),
    sold as (
      insert into orders (refnum, checkout_id, buyer_id, seller_id, listing_id, state, delivery_method,
        item_price_cents, shipping_cents, total_cents, commission_cents, payment_intent_id, ship_by, created_at, updated_at)
      select 'RBENCH' || placed.id, placed.id, buyer.id, p.seller_id, p.id, 'delivered', 'pickup',
        p.price_cents, 0, p.price_cents, 0, 'bench_pi_' || p.id, placed.created_at, placed.created_at, placed.created_at
      from placed join picked p on p.id = placed.listing_id, buyer
      returning id, created_at),
    released as (
      insert into ledger_transactions (kind, order_id, memo, at)
      select 'release', sold.id, 'bench sale', sold.created_at + interval '1 day' from sold
      returning 1)
    select count(*)::int as n from released`)) as unknown as { rows: { n: number }[] };
  // One statement a call: PGlite (as the extended protocol) takes no list of statements.
  for (const table of ['orders', 'ledger_transactions', 'checkouts'])
    await db.execute(sql`analyze ${sql.identifier(table)}`);
  return rows.rows[0]?.n ?? 0;
}

/** A live listing near 10001 in the busiest subcategory there, and that subcategory. */
async function pickSample(db: Db) {
  const result = (await db.execute(sql`
    select l.refnum as "listingRefnum", s.refnum as "subCategoryRefnum" from listings l
    join categories s on s.id = l.sub_category_id
    where l.state = 'live' and l.organization_id is null and l.zip = '10001'
    order by (select count(*) from listings x where x.sub_category_id = l.sub_category_id) desc limit 1`)) as unknown as {
    rows: { listingRefnum: string; subCategoryRefnum: string }[];
  };
  const row = result.rows[0];
  if (!row) throw new Error('no live listing in 10001 to measure');
  return row;
}

async function explain(db: Db, name: string, statement: SQL | null): Promise<void> {
  if (!statement) return;
  const plan = (await db.execute(
    sql`explain (analyze, costs off, timing off, summary off) ${statement}`,
  )) as unknown as {
    rows: Record<string, string>[];
  };
  console.log(`  plan of ${name}:`);
  for (const row of plan.rows) console.log(`    ${Object.values(row)[0]}`);
}

export async function benchSimilar(
  prepared: BenchDatabase,
  options: { seconds: number; connections: number; port: number },
): Promise<void> {
  const load = { seconds: options.seconds, connections: options.connections };
  const database = await prepared.open();
  const t = Date.now();
  const sales = await seedSales(database.db);
  console.log(`  ${sales} completed sales: ${Date.now() - t} ms`);
  const sample = await pickSample(database.db);
  const now = new Date();
  const beside = { listingRefnum: sample.listingRefnum, zip: '10001' };
  const guidanceQuery = priceGuidanceQuerySchema.parse({
    categoryRefnum: sample.subCategoryRefnum,
    condition: 'used',
    zip: '10001',
  });
  const found = await similarListings(database.db, beside, null, now);
  const band = await priceGuidance(database.db, guidanceQuery, now);
  console.log(`  similar to ${sample.listingRefnum}: ${found.length} cards; guidance there: ${JSON.stringify(band)}`);
  await explain(database.db, 'similar items', await similarStatement(database.db, beside, now));
  await explain(database.db, 'price guidance', await priceGuidanceStatement(database.db, guidanceQuery, now));
  console.log('  called directly (their SQL, no HTTP):');
  printHeader();
  for (const [name, run] of [
    ['similar items near 10001', () => similarListings(database.db, beside, null, new Date())],
    ['more from this seller', () => moreFromSeller(database.db, beside, null, new Date())],
    ['price guidance near 10001, used', () => priceGuidance(database.db, guidanceQuery, new Date())],
  ] as const) {
    printRow(await measureDirect(name, run, load));
  }
  await database.close();

  // The guidance is counted per client address; autocannon is one address, so the bench lifts it.
  const server = await startServer({ ...prepared.env, ADDRESS_LIMIT_FACTOR: '1000' }, options.port);
  try {
    const origin = `http://127.0.0.1:${options.port}`;
    const targets: HttpTarget[] = [
      {
        name: 'GET /svc/listing/similar',
        path: `/svc/listing/similar?listingRefnum=${beside.listingRefnum}&zip=10001`,
      },
      {
        name: 'GET /svc/listing/price-guidance',
        path: `/svc/listing/price-guidance?categoryRefnum=${sample.subCategoryRefnum}&condition=used&zip=10001`,
      },
    ];
    const http = await measureHttpTable(origin, targets, load);
    console.log(
      `  p95 over HTTP: similar ${http[0]?.p95.toFixed(1)} ms, guidance ${http[1]?.p95.toFixed(1)} ms at ${load.connections} connections (goal <= 50 ms each)\n`,
    );
  } finally {
    await stopServer(server);
  }
}
