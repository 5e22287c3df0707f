// `tsx bench/explain-rental-search.ts <database url> [explain|time]`: the rental bench's searches
// on a seeded database (BENCH_KEEP_DB after `BENCH_PARTS=rentals pnpm bench`), one connection.
// `explain` prints EXPLAIN (ANALYZE, BUFFERS) of each statement; `time` runs each 200 times and
// prints PostgreSQL's CPU per search (its server process's, from /proc: what a statement costs
// whatever else the machine is doing), node's, and the wall time of a lone client.
import { readFileSync } from 'node:fs';
import { rentalSearchSchema } from '@yardly/shared/contract';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { openDatabase } from '../src/db/connect';
import { buildRentalMatch } from '../src/modules/rental-search/match';
import { searchRentals } from '../src/modules/rental-search/service';
import { rentalSearchStatement } from '../src/modules/rental-search/statement';
import { searchCentre } from '../src/modules/search/centre';
import { RENTAL_BENCH_CASES } from './rentals';

const [url, mode = 'explain'] = process.argv.slice(2);
if (!url) throw new Error('usage: explain-rental-search.ts <database url> [explain|time]');
const database = await openDatabase({ databaseUrl: url });
const { db } = database;
const rows = async <T>(statement: ReturnType<typeof sql>) =>
  ((await db.execute(statement)) as unknown as { rows: T[] }).rows;

/** The statement's text with its values written in, as EXPLAIN needs it. */
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, i) => {
    const value = params[Number(i) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  });
}

/** CPU milliseconds the server processes of `pids` have used (utime + stime, 10 ms ticks). */
function backendCpuMs(pids: number[]): number {
  return pids.reduce((sum, pid) => {
    const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
    return sum + (Number(fields[11]) + Number(fields[12])) * 10;
  }, 0);
}

const dialect = new PgDialect();
const pids = (await rows<{ pid: number }>(sql`select pg_backend_pid() as pid`)).map((r) => r.pid);
for (const [name, filters] of RENTAL_BENCH_CASES) {
  const parsed = rentalSearchSchema.parse(filters);
  if (mode === 'explain') {
    const statement = rentalSearchStatement(buildRentalMatch(parsed, await searchCentre(db, parsed)), parsed);
    const query = dialect.sqlToQuery(sql`explain (analyze, buffers) ${statement}`);
    const plan = await rows<{ 'QUERY PLAN': string }>(sql.raw(inline(query.sql, query.params)));
    console.log(`== ${name}\n${plan.map((r) => r['QUERY PLAN']).join('\n')}\n`);
    continue;
  }
  const runs = 200;
  for (let i = 0; i < 20; i++) await searchRentals(db, parsed);
  const cpuBefore = backendCpuMs(pids);
  const nodeBefore = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < runs; i++) await searchRentals(db, parsed);
  const wall = (performance.now() - started) / runs;
  const node = process.cpuUsage(nodeBefore);
  console.log(
    `${name.padEnd(40)} PostgreSQL CPU ${((backendCpuMs(pids) - cpuBefore) / runs).toFixed(2)} ms, node CPU ${((node.user + node.system) / 1000 / runs).toFixed(2)} ms, wall mean ${wall.toFixed(2)} ms`,
  );
}
await database.close();
