import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acknowledgedEffects, type Simulation, simulateMoneyHistory } from '../bench/money-simulation';
import { testPayouts } from '../src/db/schema/index';
import { checkMoneyHistory, describeInvariants } from '../src/modules/ledger/money-history';
import { seedBulkCatalogue } from '../src/seed/bulk';
import { startTestApp, type TestApp } from './harness';

// Issue 34 item 10: a history of money made by people acting at once against the real api,
// checked afterwards from the database (PGlite, or PostgreSQL with DATABASE_URL). The larger run
// is `pnpm check:money`. A broken invariant prints its seed: MONEY_SEED=<seed> replays it.

const SEED = Number(process.env.MONEY_SEED ?? 34);
let t: TestApp;
let simulation: Simulation;

beforeAll(async () => {
  t = await startTestApp();
  await seedBulkCatalogue(t.database.db, 40);
  simulation = await simulateMoneyHistory(t.app, t.database.db, { people: 5, operations: 120, seed: SEED });
}, 600_000);
afterAll(() => t?.close());

describe(`a history of 5 people × 120 operations (seed ${SEED})`, () => {
  it('ran every kind of operation, and the api acknowledged sales, hand-overs and payouts', async () => {
    expect(Object.keys(simulation.operations)).toEqual(
      expect.arrayContaining(['createPI', 'pay-and-pickup', 'hand-over', 'clock moved', 'bank account changed']),
    );
    expect(simulation.placed.length).toBeGreaterThan(3);
    expect(simulation.handedOver.length).toBeGreaterThan(0);
    expect((await t.database.db.select().from(testPayouts)).length).toBeGreaterThan(0);
  });

  it('holds every invariant', async () => {
    const invariants = [
      ...(await checkMoneyHistory(t.database.db)),
      await acknowledgedEffects(t.database.db, simulation),
    ];
    const report = describeInvariants(invariants).join('\n');
    expect(
      invariants.flatMap((inv) => inv.broken),
      `seed ${SEED}\n${report}`,
    ).toEqual([]);
    expect(
      invariants.every((inv) => inv.checked > 0),
      report,
    ).toBe(true);
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
