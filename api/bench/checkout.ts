// `pnpm bench:checkout`: checkout throughput on PostgreSQL with BENCH_BUYERS (20) buyers at once,
// each buying a different live listing again and again for BENCH_SECONDS (10): createPI (local
// pickup), the test card confirmed, the order placed — the three calls a checkout makes, through
// the app's HTTP handling in this process (inject). Prints checkouts/s, p50 and p95 of a whole
// checkout, and the ledger's soundness after; asserts nothing.
//   BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/postgres)
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { parseConfig } from '../src/config';
import { newRefnum } from '../src/db/refnum';
import { users } from '../src/db/schema/index';
import { hashPassword } from '../src/modules/auth/passwords';
import { diskFileStore } from '../src/modules/files/file-store';
import { checkLedger, ledgerIsSound } from '../src/modules/ledger/check';
import { prepareDatabase } from './engines';
import { measureDirect, printHeader, printRow } from './measure';

const buyers = Number(process.env.BENCH_BUYERS ?? 20);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LISTINGS = 5_000;
const PASSWORD = 'Bench-checkout-1';

const prepared = await prepareDatabase('postgres', LISTINGS, adminUrl);
try {
  const database = await prepared.open();
  const { db } = database;
  // Every priced bulk listing becomes one a buyer can take home at once (Buy Now, local pickup); free ones are not bought.
  await db.execute(
    sql`update listings set buy_now = true, meet_to_deliver = true where state = 'live' and price_cents > 0`,
  );
  const passwordHash = await hashPassword(PASSWORD);
  const people = Array.from({ length: buyers }, (_, i) => ({
    refnum: newRefnum('user'),
    email: `bench-buyer-${i}@example.com`,
    nameFirst: 'Bench',
    nameLast: `Buyer${i}`,
    passwordHash,
    emailVerifiedAt: new Date(),
  }));
  await db.insert(users).values(people);
  const live = (await db.execute(
    sql`select refnum from listings where state = 'live' and price_cents > 0 order by id`,
  )) as unknown as {
    rows: { refnum: string }[];
  };
  const listings = live.rows.map((row) => row.refnum);

  const dataDir = mkdtempSync(join(tmpdir(), 'yardly-bench-checkout-'));
  const config = parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: prepared.env.DATABASE_URL });
  const app = await buildApp({ config, database, files: diskFileStore(config.filesDir) });
  await app.ready();
  const send = async <T>(url: string, token: string | null, payload: object, headers = {}) => {
    const res = await app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return (JSON.parse(res.body) as { data: T }).data;
  };
  const tokens: string[] = [];
  for (const person of people) {
    tokens.push(
      (await send<{ token: string }>('/svc/users/login', null, { email: person.email, password: PASSWORD })).token,
    );
  }

  let next = 0;
  let turn = 0;
  const failures = new Map<string, number>();
  const checkout = () =>
    buy().catch((error: unknown) => {
      const what = String(error instanceof Error ? error.message : error).slice(0, 160);
      failures.set(what, (failures.get(what) ?? 0) + 1);
      throw error;
    });
  const buy = async () => {
    const listingRefnum = listings[next++ % listings.length] as string;
    const token = tokens[turn++ % tokens.length] as string;
    const intent = await send<{ paymentIntentId: string }>(
      '/svc/payment/createPI',
      token,
      { listingRefnum, deliveryMethod: 'pickup' },
      { 'idempotency-key': `bench-${listingRefnum}` },
    );
    await send('/svc/payment/test-provider/confirm', token, {
      paymentIntentId: intent.paymentIntentId,
      number: '4242 4242 4242 4242',
      exp: '12/30',
      cvc: '123',
    });
    await send('/svc/orders/place', token, { paymentIntentId: intent.paymentIntentId });
  };
  console.log(`  ${listings.length} live listings, ${buyers} buyers`);
  printHeader();
  printRow(
    await measureDirect(`checkout (3 calls), ${buyers} buyers at once`, checkout, { seconds, connections: buyers }),
  );
  for (const [what, times] of failures) console.log(`  failed ${times}×: ${what}`);
  const report = await checkLedger(db);
  console.log(`  ledger after: ${report.transactions} transactions, sound: ${ledgerIsSound(report)}`);
  await app.close();
  await database.close();
} finally {
  await prepared.drop();
}
