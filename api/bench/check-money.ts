// `pnpm check:money`: a larger history of money (issue 34 item 10) on a fresh database, then
// every invariant checked from it; prints the operations run and the invariants held, and the
// seed when one is broken (exit 1). PGlite by default; MONEY_ENGINE=postgres with BENCH_PG_URL.
//   MONEY_PEOPLE (20), MONEY_OPERATIONS (2000), MONEY_SEED (a new one each run), MONEY_ENGINE (pglite)
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app';
import { parseConfig } from '../src/config';
import { diskFileStore } from '../src/modules/files/file-store';
import { checkMoneyHistory, describeInvariants } from '../src/modules/ledger/money-history';
import { type Engine, prepareDatabase } from './engines';
import { acknowledgedEffects, LISTINGS_EACH, simulateMoneyHistory } from './money-simulation';

const people = Number(process.env.MONEY_PEOPLE ?? 20);
const operations = Number(process.env.MONEY_OPERATIONS ?? 2000);
const seed = Number(process.env.MONEY_SEED ?? Math.floor(Math.random() * 1_000_000));
const engine = (process.env.MONEY_ENGINE ?? 'pglite') as Engine;
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const prepared = await prepareDatabase(engine, people * LISTINGS_EACH, adminUrl);
try {
  const database = await prepared.open();
  const dataDir = mkdtempSync(join(tmpdir(), 'yardly-check-money-'));
  const config = parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: prepared.env.DATABASE_URL });
  const app = await buildApp({ config, database, files: diskFileStore(config.filesDir) });
  await app.ready();
  const started = Date.now();
  console.log(`money history on ${engine}: ${people} people × ${operations} operations, seed ${seed}`);
  const simulation = await simulateMoneyHistory(app, database.db, { people, operations, seed });
  console.log(`  ran in ${((Date.now() - started) / 1000).toFixed(1)} s:`);
  for (const [name, { run, acknowledged }] of Object.entries(simulation.operations)) {
    console.log(`    ${name}: ${run} (${acknowledged} answered 200)`);
  }
  const refusals = Object.entries(simulation.refusals).sort(([, a], [, b]) => b - a);
  if (refusals.length) console.log('  refusals met:');
  for (const [refusal, times] of refusals) console.log(`    ${times} × ${refusal}`);
  const invariants = [...(await checkMoneyHistory(database.db)), await acknowledgedEffects(database.db, simulation)];
  for (const line of describeInvariants(invariants)) console.log(`  ${line}`);
  const broken = invariants.filter((inv) => inv.broken.length > 0);
  console.log(
    broken.length === 0
      ? `  all ${invariants.length} invariants held`
      : `  ${broken.length} of ${invariants.length} invariants broken: replay with MONEY_SEED=${seed}`,
  );
  if (broken.length > 0) process.exitCode = 1;
  await app.close();
  await database.close();
} finally {
  await prepared.drop();
}
