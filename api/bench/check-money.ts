// `pnpm check:money`: a larger history of money (issue 34 item 10) on a fresh database, then
// every invariant checked from it; once with the built-in payment provider and once with the
// Stripe provider pointed at the stand-in (its invariants read from the stand-in's records too).
// Prints the operations run and acknowledged, the refusals met, the invariants held, and the seed
// when one is broken (exit 1). PGlite by default; MONEY_ENGINE=postgres with BENCH_PG_URL.
//   MONEY_PEOPLE (20), MONEY_OPERATIONS (2000), MONEY_SEED (a new one each run),
//   MONEY_ENGINE (pglite), MONEY_PROVIDER (both: test, then stripe; or one of them)
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app';
import { parseConfig } from '../src/config';
import { diskFileStore } from '../src/modules/files/file-store';
import { checkMoneyHistory, describeInvariants } from '../src/modules/ledger/money-history';
import { startStripeStandIn } from '../test/stripe-stand-in';
import { type Engine, prepareDatabase } from './engines';
import { acknowledgedEffects, LISTINGS_EACH, simulateMoneyHistory } from './money-simulation';
import { checkStandIn } from './money-stand-in-invariants';
import { PLATFORM_RESERVE, type StripeSide, stripeEnv } from './money-stripe-side';

const people = Number(process.env.MONEY_PEOPLE ?? 20);
const operations = Number(process.env.MONEY_OPERATIONS ?? 2000);
const seed = Number(process.env.MONEY_SEED ?? Math.floor(Math.random() * 1_000_000));
const engine = (process.env.MONEY_ENGINE ?? 'pglite') as Engine;
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const providers = (process.env.MONEY_PROVIDER ?? 'both') === 'both' ? ['test', 'stripe'] : [process.env.MONEY_PROVIDER];

/** One history on a fresh database with `provider`; answers whether every invariant held. */
async function checkWith(provider: 'test' | 'stripe'): Promise<boolean> {
  const stripe: StripeSide | undefined =
    provider === 'stripe'
      ? { standIn: await startStripeStandIn(), webhookSecret: 'whsec_check_money', reserveCents: PLATFORM_RESERVE }
      : undefined;
  const prepared = await prepareDatabase(engine, people * LISTINGS_EACH, adminUrl);
  try {
    const database = await prepared.open();
    const dataDir = mkdtempSync(join(tmpdir(), 'yardly-check-money-'));
    const config = parseConfig({
      NODE_ENV: 'test',
      // LOG_LEVEL=error shows the api's own account of a 500 the history meets.
      LOG_LEVEL: process.env.LOG_LEVEL as 'error' | undefined,
      DATA_DIR: dataDir,
      DATABASE_URL: prepared.env.DATABASE_URL,
      ...(stripe && stripeEnv(stripe)),
    });
    const app = await buildApp({ config, database, files: diskFileStore(config.filesDir) });
    await app.ready();
    const started = Date.now();
    const label = provider === 'stripe' ? 'Stripe (the stand-in)' : 'the built-in provider';
    console.log(`money history on ${engine} with ${label}: ${people} people × ${operations} operations, seed ${seed}`);
    const simulation = await simulateMoneyHistory(app, database.db, { people, operations, seed, stripe });
    const run = Object.values(simulation.operations).reduce((sum, op) => sum + op.run, 0);
    const acknowledged = Object.values(simulation.operations).reduce((sum, op) => sum + op.acknowledged, 0);
    console.log(
      `  ran in ${((Date.now() - started) / 1000).toFixed(1)} s: ${run} requests and steps, ${acknowledged} answered 200`,
    );
    for (const [name, op] of Object.entries(simulation.operations).sort(([a], [b]) => a.localeCompare(b))) {
      console.log(`    ${name}: ${op.run} (${op.acknowledged} answered 200)`);
    }
    if (simulation.webhooks) {
      const { sent, delivered, applied } = simulation.webhooks;
      console.log(
        `  webhook events: ${sent} sent by Stripe, ${delivered} deliveries (replays included), ${applied} applied`,
      );
    }
    const refusals = Object.entries(simulation.refusals).sort(([, a], [, b]) => b - a);
    if (refusals.length) console.log('  refusals met:');
    for (const [refusal, times] of refusals) console.log(`    ${times} × ${refusal}`);
    const invariants = [
      ...(await checkMoneyHistory(database.db, provider)),
      ...(stripe ? await checkStandIn(database.db, stripe) : []),
      await acknowledgedEffects(database.db, simulation),
    ];
    for (const line of describeInvariants(invariants)) console.log(`  ${line}`);
    const broken = invariants.filter((inv) => inv.broken.length > 0);
    console.log(
      broken.length === 0
        ? `  all ${invariants.length} invariants held`
        : `  ${broken.length} of ${invariants.length} invariants broken: replay with MONEY_SEED=${seed} MONEY_PROVIDER=${provider}`,
    );
    await app.close();
    await database.close();
    return broken.length === 0;
  } finally {
    await prepared.drop();
    await stripe?.standIn.close();
  }
}

for (const provider of providers) {
  if (provider !== 'test' && provider !== 'stripe')
    throw new Error(`MONEY_PROVIDER: test, stripe or both, not ${provider}`);
  if (!(await checkWith(provider))) process.exitCode = 1;
}
