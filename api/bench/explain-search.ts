// `tsx bench/explain-search.ts <database url> [explain|time|answers]`: the bench's searches on a
// seeded database (BENCH_KEEP_DB), one connection. `explain` prints EXPLAIN (ANALYZE, BUFFERS) of
// each statement; `time` runs each 200 times in turn and prints its mean and p50 (a lone client's
// time: about PostgreSQL's CPU per statement plus one round trip); `answers` prints the answers of
// many filter combinations (near and nationwide, a guest, a seller and an organisation's member) as
// JSON at one fixed instant, to compare two versions of the search for identical results.
import { readFileSync } from 'node:fs';
import type { SearchFilters } from '@yardly/shared/contract';
import { searchFiltersSchema } from '@yardly/shared/contract';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { openDatabase } from '../src/db/connect';
import { searchCentre } from '../src/modules/search/centre';
import { buildMatch, type Searcher } from '../src/modules/search/match';
import { search } from '../src/modules/search/service';
import { searchStatement } from '../src/modules/search/statement';
import { percentiles } from './measure';

const [url, mode = 'explain'] = process.argv.slice(2);
if (!url) throw new Error('usage: explain-search.ts <database url> [explain|time|answers]');
const database = await openDatabase({ databaseUrl: url });
const { db } = database;
const [sample] = (
  (await db.execute(
    sql`select c.refnum as "categoryRefnum" from categories c where c.slug = 'home-decor-furniture'`,
  )) as unknown as {
    rows: { categoryRefnum: string }[];
  }
).rows;
const near = { zip: '10001', d: 50 } as const;
const cases: [string, SearchFilters][] = [
  ['search q', { ...near, q: 'lamp', conditions: ['Used', 'Like New'], size: 25 }],
  ['category browse', { ...near, categoryRefnum: sample?.categoryRefnum, sortBy: 'newest' }],
  ['browse page 1', { ...near, sortBy: 'newest', page: 0 }],
  ['browse page 40', { ...near, sortBy: 'newest', page: 40 }],
  ['search nationwide', { ...near, q: 'lamp', conditions: ['Used', 'Like New'], size: 25, nationwide: true }],
  ['browse nationwide', { ...near, sortBy: 'newest', page: 0, nationwide: true }],
];

if (mode === 'explain' || mode === 'sql') {
  const dialect = new PgDialect();
  for (const [name, filters] of cases) {
    const parsed = searchFiltersSchema.parse(filters);
    const match = buildMatch(parsed, await searchCentre(db, parsed), new Date());
    const statement = searchStatement(match, parsed, { facets: true });
    if (mode === 'sql') {
      const query = dialect.sqlToQuery(statement);
      console.log(`-- ${name}\n${inline(query.sql, query.params)};\n`);
      continue;
    }
    const query = dialect.sqlToQuery(sql`explain (analyze, buffers) ${statement}`);
    const result = (await db.execute(sql.raw(inline(query.sql, query.params)))) as unknown as {
      rows: { 'QUERY PLAN': string }[];
    };
    console.log(`== ${name}\n${result.rows.map((r) => r['QUERY PLAN']).join('\n')}\n`);
  }
} else if (mode === 'time') {
  // One client at a time uses one pooled connection: its server process's CPU time is what a
  // statement costs PostgreSQL, whatever else the machine is doing (the wall time is not).
  const pids = (
    (await db.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
      rows: { pid: number }[];
    }
  ).rows.map((r) => r.pid);
  const runs = 200;
  for (const [name, filters] of cases) {
    const parsed = searchFiltersSchema.parse(filters);
    for (let i = 0; i < 20; i++) await search(db, parsed, new Date());
    const times: number[] = [];
    const cpuBefore = backendCpuMs(pids);
    const nodeBefore = process.cpuUsage();
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await search(db, parsed, new Date());
      times.push(performance.now() - started);
    }
    const cpu = (backendCpuMs(pids) - cpuBefore) / runs;
    const node = process.cpuUsage(nodeBefore);
    const nodeMs = (node.user + node.system) / 1000 / runs;
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    console.log(
      `${name.padEnd(16)} PostgreSQL CPU ${cpu.toFixed(2)} ms, node CPU ${nodeMs.toFixed(2)} ms; wall mean ${mean.toFixed(2)} ms, p50 ${percentiles(times).p50.toFixed(2)} ms`,
    );
  }
} else {
  // One instant for every run, so two versions compare the same listings whatever the hour: 25 days
  // after the newest listing, when the oldest eighth of the bulk catalogue is past its end.
  const [newest] = (
    (await db.execute(
      sql`select max(created_at) as at, (select seller_id from listings where shippable order by id limit 1) as seller,
        (select id from organizations order by id limit 1) as organisation from listings`,
    )) as unknown as { rows: { at: string; seller: number; organisation: number | null }[] }
  ).rows;
  const now = new Date(new Date(newest?.at ?? 0).getTime() + 25 * 86_400_000);
  const variants: SearchFilters[] = [];
  const sorts = [undefined, 'newest', 'currentPrice', 'distance'] as const;
  for (const zip of ['10001', '60601', '94103', '02134', '99501']) {
    for (const d of [5, 25, 50, 200]) {
      for (const nationwide of [false, true]) {
        for (const sortBy of sorts) variants.push({ zip, d, sortBy, page: 0, nationwide });
        variants.push({ zip, d, categoryRefnum: sample?.categoryRefnum, conditions: ['Used'], page: 1, nationwide });
        variants.push({ zip, d, minPrice: 1000, maxPrice: 5000, delivery: ['shipping'], sortOrder: 'asc', nationwide });
        variants.push({ zip, d, freeOnly: true, delivery: ['localPickup', 'freeShipping'], nationwide });
        variants.push({ zip, d, q: 'lamp', nationwide });
        variants.push({ zip, d, page: 3, size: 10, sortBy: 'distance', sortOrder: 'desc', nationwide });
        variants.push({ zip, d, page: 40, sortBy: 'newest', nationwide });
        variants.push({ zip, d, page: 2, sortOrder: 'asc', conditions: ['Like New'], nationwide });
      }
    }
  }
  variants.push({ sortBy: 'newest' }, { location: '40.75,-73.99', d: 30 }, { q: 'chair', conditions: ['Like New'] });
  variants.push({ location: '40.75,-73.99', d: 30, nationwide: true }, { sortBy: 'newest', nationwide: true });
  // A signed-in searcher never finds their own listings; an organisation's marketplace only its own.
  const searchers: [string, Searcher | undefined][] = [
    ['guest', undefined],
    ['seller', { userId: newest?.seller }],
    ['organisation', { marketplace: { organizationId: newest?.organisation ?? null } }],
  ];
  for (const [who, searcher] of searchers) {
    for (const filters of who === 'guest' ? variants : variants.filter((_, i) => i % 7 === 0)) {
      const parsed = searchFiltersSchema.parse(filters);
      const answer = await search(db, parsed, now, { searcher }).catch((error: Error) => ({ error: error.message }));
      console.log(JSON.stringify({ who, filters, answer }));
    }
  }
}
await database.close();

/** User and system CPU of these server processes so far, in ms (from /proc: PostgreSQL on this machine). */
function backendCpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * 10;
}

/** The parameters written into the text, for EXPLAIN (numbers as they are, the rest quoted). */
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n) => {
    const value = params[Number(n) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
  });
}
