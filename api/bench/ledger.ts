// `pnpm bench:ledger`: a seller's balance (the SQL of GET /svc/payouts/balance: three index-only
// sums over ledger_entries_account_idx) and their history's first page, with BENCH_LEDGER_ENTRIES
// (1,000,000) ledger entries spread over BENCH_SELLERS (10,000) sellers, on a fresh PostgreSQL
// database. Prints p50, p95 and calls/s at 1 and 10 concurrent callers; asserts nothing.
//   BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_SECONDS (5)
import { sql } from 'drizzle-orm';
import { sellerBalance } from '../src/modules/ledger/ledger';
import { payoutEntries } from '../src/modules/payouts/read';
import { prepareDatabase } from './engines';
import { measureDirect, printHeader, printRow } from './measure';

const entries = Number(process.env.BENCH_LEDGER_ENTRIES ?? 1_000_000);
const sellers = Number(process.env.BENCH_SELLERS ?? 10_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const AT = new Date('2026-01-01T00:00:00Z');

const prepared = await prepareDatabase('postgres', 0, adminUrl);
try {
  const database = await prepared.open();
  const { db } = database;
  let t = Date.now();
  // Each transaction pays one seller from clearing: two entries that sum to zero. The triggers
  // (append-only, balanced at commit) are left out of the bulk load only: the rows are balanced by construction.
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`
      insert into ledger_transactions (kind, memo, at)
      select 'sale', 'bench', ${AT.toISOString()}::timestamptz from generate_series(1, ${Math.floor(entries / 2)})`);
    await tx.execute(sql`
      insert into ledger_entries (transaction_id, account, amount_cents)
      select id, 'platform_clearing', -(id % 5000 + 100) from ledger_transactions
      union all
      select id, 'seller:' || (id % ${sellers} + 1) || (case when id % 3 = 0 then ':available' else ':pending' end), id % 5000 + 100
      from ledger_transactions`);
  });
  // As autovacuum soon would: the visibility map lets the balance read the index alone.
  await db.execute(sql`vacuum analyze ledger_entries`);
  const counted = (await db.execute(sql`select count(*)::int as n from ledger_entries`)) as unknown as {
    rows: { n: number }[];
  };
  const count = counted.rows[0];
  console.log(`  ${count?.n} ledger entries over ${sellers} sellers: ${Date.now() - t} ms`);
  t = Date.now();

  let next = 0;
  const seller = () => (next++ % sellers) + 1;
  printHeader();
  for (const connections of [1, 10]) {
    printRow(
      await measureDirect(`seller balance, ${connections} caller(s)`, () => sellerBalance(db, seller()), {
        seconds,
        connections,
      }),
    );
    printRow(
      await measureDirect(
        `seller history page 1, ${connections} caller(s)`,
        () => payoutEntries(db, seller(), { page: 0, size: 25 }),
        { seconds, connections },
      ),
    );
  }
  console.log('  goal: seller balance p95 <= 5 ms');
  await database.close();
} finally {
  await prepared.drop();
}
