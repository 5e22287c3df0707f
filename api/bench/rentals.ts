// The rental search (POST /rental/search) with its facets, on a catalogue of BENCH_RENTALS
// rentals (20,000) across the country: called directly (its SQL, no HTTP), then over HTTP against
// the api in a second process, for a few typical searches near 10001. Goal: p95 <= 50 ms on
// PostgreSQL at 10 connections (issue 20).
import { type RentalSearch, rentalSearchSchema } from '@yardly/shared/contract';
import { sql } from 'drizzle-orm';
import { searchRentals } from '../src/modules/rental-search/service';
import type { BenchDatabase } from './engines';
import { type Figures, type HttpTarget, measureDirect, measureHttp, printHeader, printRow } from './measure';
import { hasBulkRentals, seedBulkRentals } from './rental-catalogue';
import { startServer, stopServer } from './server';

const rentalCount = Number(process.env.BENCH_RENTALS ?? 20_000);

const near = { zip: '10001', d: 25 } as const;
/** The searches measured: near 10001 within 25 miles, then narrower, then with text; and a later page by rent. */
export const RENTAL_BENCH_CASES: [string, RentalSearch][] = [
  ['rentals near 10001, d=25, newest', { ...near, sortBy: 'newest' }],
  ['+ bedrooms 2, maxRent $3,000', { ...near, sortBy: 'newest', bedrooms: 2, maxRent: 300_000 }],
  ['+ text "balcony"', { ...near, sortBy: 'newest', bedrooms: 2, maxRent: 300_000, text: 'balcony' }],
  ['near 10001, d=25, rent up, page 3', { ...near, sortBy: 'rentAsc', page: 3 }],
];

export async function benchRentals(
  prepared: BenchDatabase,
  options: { seconds: number; connections: number; port: number },
): Promise<void> {
  const load = { seconds: options.seconds, connections: options.connections };
  const database = await prepared.open();
  if (await hasBulkRentals(database.db)) {
    console.log('  rentals: kept from an earlier run');
  } else {
    const t = Date.now();
    await seedBulkRentals(database.db, rentalCount);
    console.log(`  ${rentalCount} rentals: ${Date.now() - t} ms`);
  }
  const [counted] = (
    (await database.db.execute(
      sql`select count(*)::int as total, count(*) filter (where state = 'available')::int as available from rentals`,
    )) as unknown as { rows: { total: number; available: number }[] }
  ).rows;
  const first = await searchRentals(database.db, rentalSearchSchema.parse(RENTAL_BENCH_CASES[0]?.[1]));
  console.log(
    `  ${counted?.total} rentals, ${counted?.available} available; ${first.totalElements} available within 25 miles of 10001`,
  );
  console.log('  the rental search called directly (its SQL, no HTTP):');
  printHeader();
  const direct: Figures[] = [];
  for (const [name, filters] of RENTAL_BENCH_CASES) {
    const parsed = rentalSearchSchema.parse(filters);
    const figures = await measureDirect(name, () => searchRentals(database.db, parsed), load);
    direct.push(figures);
    printRow(figures);
  }
  await database.close();

  const server = await startServer(prepared.env, options.port);
  try {
    const origin = `http://127.0.0.1:${options.port}`;
    console.log('  POST /rental/search over HTTP (autocannon, api in a second process):');
    printHeader();
    const http: Figures[] = [];
    for (const [name, body] of RENTAL_BENCH_CASES) {
      const target: HttpTarget = { name, path: '/rental/search', method: 'POST', body };
      const figures = await measureHttp(origin, target, load);
      http.push(figures);
      printRow(figures);
    }
    const worst = Math.max(...http.map((f) => f.p95));
    console.log(
      `  rental search p95 over HTTP: at most ${worst.toFixed(1)} ms at ${load.connections} connections (goal <= 50 ms on PostgreSQL)\n`,
    );
  } finally {
    await stopServer(server);
  }
}
