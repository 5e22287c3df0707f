import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acknowledgedEffects, type Simulation, simulateMoneyHistory } from '../bench/money-simulation';
import { checkStandIn } from '../bench/money-stand-in-invariants';
import { PLATFORM_RESERVE, type StripeSide, stripeEnv } from '../bench/money-stripe-side';
import { testPayouts } from '../src/db/schema/index';
import { checkMoneyHistory, describeInvariants, type Invariant } from '../src/modules/ledger/money-history';
import { seedBulkCatalogue } from '../src/seed/bulk';
import { startTestApp, type TestApp } from './harness';
import { startStripeStandIn } from './stripe-stand-in';

// Issue 34 item 10: a history of money made by people acting at once against the real api,
// checked afterwards from the database (PGlite, or PostgreSQL with DATABASE_URL), once with the
// built-in payment provider and once with the Stripe provider pointed at the stand-in (then also
// from the stand-in's own records). The larger run is `pnpm check:money`. A broken invariant
// prints its seed: MONEY_SEED=<seed> replays it.

const SEED = Number(process.env.MONEY_SEED ?? 34);
const SIZE = { people: 6, operations: 300 };

/** Every invariant holds, and each looked at something (a check of nothing proves nothing). */
function expectHeld(invariants: Invariant[]) {
  const report = describeInvariants(invariants).join('\n');
  expect(
    invariants.flatMap((inv) => inv.broken),
    `seed ${SEED}\n${report}`,
  ).toEqual([]);
  expect(
    invariants.filter((inv) => inv.checked === 0).map((inv) => inv.name),
    report,
  ).toEqual([]);
}

/**
 * The api's own error lines (LOG_LEVEL error, silent otherwise), so a 500 the history meets says
 * why: the history's error names the request, these its cause.
 */
function errorLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { env: { LOG_LEVEL: 'error' }, logStream: stream, lines };
}

/** Runs the history; a request it could not make (a 5xx) fails with the api's error lines. */
async function simulate(run: () => Promise<Simulation>, log: { lines: string[] }): Promise<Simulation> {
  try {
    return await run();
  } catch (error) {
    throw new Error(`${(error as Error).message}\napi errors:\n${log.lines.join('')}`);
  }
}

const acknowledgedOf = (simulation: Simulation, name: string) => simulation.operations[name]?.acknowledged ?? 0;

/**
 * The mix ran each of `names`, and the api acknowledged each at least once but one: what the
 * people meet depends on how their requests interleave, and on a busy machine the chain that leads
 * to one rarer step (a return accepted, an admin's refund) can be refused every time in a small
 * history. Two steps never acknowledged is a mix that did not run.
 */
function expectMixRan(simulation: Simulation, names: string[]): void {
  const ops = JSON.stringify(simulation.operations);
  expect(
    names.filter((name) => (simulation.operations[name]?.run ?? 0) === 0),
    `never tried: ${ops}`,
  ).toEqual([]);
  const never = names.filter((name) => acknowledgedOf(simulation, name) === 0);
  expect(never.length, `never acknowledged: ${never.join(', ')}; ${ops}`).toBeLessThanOrEqual(1);
}

describe(`with the built-in provider: ${SIZE.people} people × ${SIZE.operations} operations (seed ${SEED})`, () => {
  let t: TestApp;
  let simulation: Simulation;
  beforeAll(async () => {
    const log = errorLog();
    t = await startTestApp({ env: log.env, logStream: log.logStream });
    await seedBulkCatalogue(t.database.db, 40);
    simulation = await simulate(() => simulateMoneyHistory(t.app, t.database.db, { ...SIZE, seed: SEED }), log);
  }, 600_000);
  afterAll(() => t?.close());

  it('ran the mix, and the api acknowledged sales, offers, hand-overs, labels, refunds and payouts', async () => {
    expectMixRan(simulation, [
      'buy now: pay-and-pickup',
      'buy now shipped: place',
      'offer made',
      'accepted offer paid: pay-and-pickup',
      'hand-over',
      'label bought',
      'return opened by the buyer',
      'return accepted by the seller',
      'refund by an admin',
      'clock moved',
      'bank account changed',
    ]);
    expect((await t.database.db.select().from(testPayouts)).length).toBeGreaterThan(0);
  });

  it('holds every invariant', async () => {
    expectHeld([...(await checkMoneyHistory(t.database.db)), await acknowledgedEffects(t.database.db, simulation)]);
  });

  it('finds a payout transferred twice, or paid to a bank twice, when there is one', async () => {
    const [transfer] = await t.database.db.select().from(testPayouts).where(eq(testPayouts.kind, 'transfer'));
    if (!transfer) throw new Error('the history made no transfer');
    await t.database.db
      .insert(testPayouts)
      .values({ ...transfer, id: `${transfer.id}_again`, idempotencyKey: 'again' });
    const broken = (await checkMoneyHistory(t.database.db))
      .filter((inv) => inv.broken.length > 0)
      .map((inv) => inv.name);
    expect(broken).toContain("each payout's money transferred to a connected account at most once");
  });
});

describe(`with Stripe (the stand-in): ${SIZE.people} people × ${SIZE.operations} operations (seed ${SEED})`, () => {
  let t: TestApp;
  let stripe: StripeSide;
  let simulation: Simulation;
  beforeAll(async () => {
    stripe = {
      standIn: await startStripeStandIn(),
      webhookSecret: 'whsec_money_history',
      reserveCents: PLATFORM_RESERVE,
    };
    const log = errorLog();
    t = await startTestApp({ env: { ...stripeEnv(stripe), ...log.env }, logStream: log.logStream });
    await seedBulkCatalogue(t.database.db, 40);
    simulation = await simulate(() => simulateMoneyHistory(t.app, t.database.db, { ...SIZE, seed: SEED, stripe }), log);
  }, 600_000);
  afterAll(async () => {
    await t?.close();
    await stripe?.standIn.close();
  });

  it("ran the mix with Stripe's side: dashboard refunds, lapsed authorisations, declines, payouts settled, webhooks", () => {
    expectMixRan(simulation, [
      'buy now: pay-and-pickup',
      'offer made',
      'hand-over',
      'refund by an admin',
      'authorisation lapsed at Stripe',
      'payouts settled by the banks',
      'webhook charge.refunded',
      'webhook payment_intent.canceled',
      'webhook payment_intent.payment_failed',
    ]);
    const either = (...names: string[]) => names.reduce((sum, name) => sum + acknowledgedOf(simulation, name), 0);
    expect(either('refund at Stripe (full)', 'refund at Stripe (partial)')).toBeGreaterThan(0);
    expect(either('webhook payout.paid', 'webhook payout.failed')).toBeGreaterThan(0);
    // The operator took money out of the platform's balance (refunds are then held for want of it).
    expect(acknowledgedOf(simulation, 'platform balance withdrawn')).toBeGreaterThan(0);
    // Some events arrived more than once.
    expect(simulation.webhooks?.delivered).toBeGreaterThan(simulation.webhooks?.sent ?? 0);
    expect(stripe.standIn.objects('tr').length).toBeGreaterThan(0);
  });

  it('holds every invariant, from the database and from the stand-in', async () => {
    expectHeld([
      ...(await checkMoneyHistory(t.database.db, 'stripe')),
      ...(await checkStandIn(t.database.db, stripe)),
      await acknowledgedEffects(t.database.db, simulation),
    ]);
  });

  it("finds a ledger amount transferred twice at Stripe, and Stripe's balance apart from the ledger", async () => {
    const [transfer] = stripe.standIn.objects('tr');
    if (!transfer) throw new Error('the history made no transfer');
    // The same payout's money sent to the same connected account once more, as a retry with a new key would.
    const again = await fetch(`${stripe.standIn.url}/v1/transfers`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${stripe.standIn.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        amount: String(transfer.amount),
        currency: 'usd',
        destination: String(transfer.destination),
        'metadata[payoutId]': String((transfer.metadata as Record<string, string>).payoutId),
      }),
    });
    expect(again.status).toBe(200);
    const broken = (await checkStandIn(t.database.db, stripe))
      .filter((inv) => inv.broken.length > 0)
      .map((inv) => inv.name);
    expect(broken).toEqual([
      "Stripe: the platform's balance at Stripe (less its reserve) is the money the ledger holds on the platform",
      'Stripe: each ledger amount (payout) transferred to a connected account at most once',
      "Stripe: a failed payout is back in the connected balance, which is the ledger's transferred",
    ]);
  });
});
