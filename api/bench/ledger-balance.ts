// `pnpm --filter @yardly/api bench:ledger`: a seller's balance (pending, available, paid out:
// three index-only sums over ledger_entries) read from a ledger of 1 million entries, on each
// engine. Prints p50 and p95 of 500 reads of random sellers; the goal is ≤5 ms. Asserts nothing.
//   BENCH_LEDGER_ENTRIES (1000000), BENCH_LEDGER_SELLERS (20000), BENCH_ENGINES (postgres,pglite),
//   BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/postgres)
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/connect';
import { sellerBalance } from '../src/modules/ledger/ledger';
import { type Engine, prepareDatabase } from './engines';

const entries = Number(process.env.BENCH_LEDGER_ENTRIES ?? 1_000_000);
const sellers = Number(process.env.BENCH_LEDGER_SELLERS ?? 20_000);
const engines = (process.env.BENCH_ENGINES ?? 'postgres,pglite').split(',') as Engine[];
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const READS = 500;

/**
 * Sales of `entries / 2` transactions of two legs each (clearing → a seller's pending, then some
 * released to available), spread over `sellers` sellers. The balance trigger is off while the
 * bulk rows go in (each row would re-add its transaction at commit); every row balances by construction.
 */
async function fillLedger(db: Db): Promise<void> {
  const transactions = Math.floor(entries / 2);
  await db.execute(sql`alter table ledger_entries disable trigger ledger_entries_balanced`);
  await db.execute(sql`insert into ledger_transactions (kind, memo, at)
    select case when g % 3 = 0 then 'release' else 'sale' end, 'bench', now() from generate_series(1, ${transactions}) g`);
  await db.execute(sql`insert into ledger_entries (transaction_id, account, amount_cents)
    select t.id, leg.account, leg.amount from ledger_transactions t
    cross join lateral (values
      (case when t.kind = 'release' then 'seller:' || (t.id % ${sellers}) || ':pending' else 'platform_clearing' end, -(t.id % 5000 + 100)),
      ('seller:' || (t.id % ${sellers}) || case when t.kind = 'release' then ':available' else ':pending' end, t.id % 5000 + 100)
    ) as leg(account, amount)`);
  await db.execute(sql`alter table ledger_entries enable trigger ledger_entries_balanced`);
  // As autovacuum would soon: the visibility map lets the balance read the index alone.
  await db.execute(sql`vacuum analyze ledger_entries`);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

for (const engine of engines) {
  console.log(`== ${engine}`);
  const prepared = await prepareDatabase(engine, 0, adminUrl);
  const database = await prepared.open();
  try {
    let t = performance.now();
    await fillLedger(database.db);
    const [count] = await database.db
      .execute<{ n: number }>(sql`select count(*)::int as n from ledger_entries`)
      .then((r) => (Array.isArray(r) ? r : (r as { rows: { n: number }[] }).rows));
    console.log(`  ${count?.n} ledger entries over ${sellers} sellers: ${Math.round(performance.now() - t)} ms`);
    for (let i = 0; i < 50; i += 1) await sellerBalance(database.db, i % sellers);
    const times: number[] = [];
    for (let i = 0; i < READS; i += 1) {
      const seller = Math.floor(Math.random() * sellers);
      t = performance.now();
      await sellerBalance(database.db, seller);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(
      `  seller balance (pending, available, paid out): p50 ${percentile(times, 0.5).toFixed(2)} ms, p95 ${percentile(times, 0.95).toFixed(2)} ms over ${READS} reads`,
    );
  } finally {
    await database.close();
    await prepared.drop();
  }
}
