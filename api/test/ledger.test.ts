import type { LoginData } from '@yardly/shared/contract';
import { commissionCents } from '@yardly/shared/rules';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, ledgerTransactions, orders } from '../src/db/schema/index';
import { rewardsAccount } from '../src/modules/ledger/accounts';
import { checkLedger, ledgerIsSound } from '../src/modules/ledger/check';
import { balanceOf, postLedger, sellerBalance, UnbalancedLedgerError } from '../src/modules/ledger/ledger';
import {
  type OrderMoney,
  postOrderPlaced,
  postOrderRefunded,
  postOrderReleased,
} from '../src/modules/ledger/order-postings';
import { postRewardGranted } from '../src/modules/ledger/reward-postings';
import { boughtNow } from './checkout-helpers';
import { startTestApp, type TestApp } from './harness';
import { freshEmail, signedUp } from './identity-helpers';
import { publishedListing } from './selling-helpers';

let t: TestApp;
/** A real order the synthetic money movements below refer to (the ledger keeps which order moved money). */
let orderId: number;

beforeAll(async () => {
  t = await startTestApp();
  const seller: LoginData = await signedUp(t, freshEmail('seller'));
  const buyer: LoginData = await signedUp(t, freshEmail('buyer'));
  const placed = await boughtNow(t, buyer.token, await publishedListing(t, seller.token));
  const [order] = await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.refnum, placed.orderId));
  orderId = order?.id ?? 0;
});
afterAll(() => t?.close());

const at = new Date('2026-11-25T12:00:00Z');

/** What the database said when it refused a statement (drizzle wraps it as the cause). */
async function refusal(statement: PromiseLike<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return cause?.message ?? (error as Error).message;
  }
  return 'not refused';
}

describe('the ledger refuses what does not balance', () => {
  it('in code, before anything is written', async () => {
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(ledgerTransactions);
    await expect(
      postLedger(t.database.db, { kind: 'payment', orderId, memo: 'x', at }, [
        { account: 'a', amountCents: -100 },
        { account: 'b', amountCents: 99 },
      ]),
    ).rejects.toThrow(UnbalancedLedgerError);
    await expect(
      postLedger(t.database.db, { kind: 'payment', orderId, memo: 'x', at }, [{ account: 'a', amountCents: 0.5 }]),
    ).rejects.toThrow(UnbalancedLedgerError);
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(ledgerTransactions);
    expect(after).toEqual(before);
  });

  it('in the database, at commit, whatever code wrote it; and it is append-only', async () => {
    const db = t.database.db;
    const half = db.transaction(async (tx) => {
      const [row] = await tx
        .insert(ledgerTransactions)
        .values({ kind: 'payment', orderId, memo: 'half', at })
        .returning({ id: ledgerTransactions.id });
      await tx.insert(ledgerEntries).values({ transactionId: row?.id ?? 0, account: 'a', amountCents: 5 });
    });
    expect(await refusal(half)).toMatch(/not balanced/);
    expect(await db.select().from(ledgerTransactions).where(eq(ledgerTransactions.memo, 'half'))).toEqual([]);
    const [entry] = await db.select().from(ledgerEntries).limit(1);
    const edit = db
      .update(ledgerEntries)
      .set({ amountCents: 1 })
      .where(eq(ledgerEntries.id, entry?.id ?? 0));
    expect(await refusal(edit)).toMatch(/append-only/);
    const erase = db.delete(ledgerTransactions).where(eq(ledgerTransactions.orderId, orderId));
    expect(await refusal(erase)).toMatch(/append-only/);
    expect(ledgerIsSound(await checkLedger(db))).toBe(true);
  });
});

type Step =
  | { kind: 'place'; order: number; price: number; shipping: number; rewards: number; waived: boolean }
  | { kind: 'release'; order: number }
  | { kind: 'refund'; order: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('place' as const),
    order: fc.integer({ min: 0, max: 5 }),
    price: fc.integer({ min: 100, max: 500_000 }),
    shipping: fc.constantFrom(0, 599, 899, 1299, 1999),
    // What the buyer's rewards pay of it (capped at the total): none, part, or all of it.
    rewards: fc.constantFrom(0, 0, 500, 1000, 1_000_000),
    // An organisation's sale between members with the commission waived (issue 23).
    waived: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('release' as const), order: fc.integer({ min: 0, max: 5 }) }),
  fc.record({ kind: fc.constant('refund' as const), order: fc.integer({ min: 0, max: 5 }) }),
);

let run = 0;

describe('the ledger’s invariants under random sequences of orders, releases and refunds (property)', () => {
  it('every transaction sums to zero, every balance equals its entries, each seller and each buyer’s rewards hold exactly what the model says', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { maxLength: 14 }), async (steps) => {
        run += 1;
        // Six orders of two sellers of this run (accounts are per seller id; fresh ids keep runs apart).
        const sellers = [1_000_000 + run * 2, 1_000_001 + run * 2];
        const live = new Map<number, { money: OrderMoney; done: boolean }>();
        const model = new Map(sellers.map((s) => [s, { pending: 0, available: 0 }]));
        // One buyer an order; their rewards are granted just before they spend them.
        const buyerOf = (order: number) => 3_000_000 + run * 10 + order;
        const rewardsModel = new Map<number, number>();
        for (const step of steps) {
          const sellerId = sellers[step.order % 2] as number;
          const held = model.get(sellerId) as { pending: number; available: number };
          const current = live.get(step.order);
          await t.database.db.transaction(async (tx) => {
            if (step.kind === 'place' && !current) {
              const buyerId = buyerOf(step.order);
              const totalCents = step.price + step.shipping;
              const rewardsCents = Math.min(step.rewards, totalCents);
              if (rewardsCents > 0) {
                await postRewardGranted(tx, { userId: buyerId, amountCents: rewardsCents, memo: 'granted' }, at);
              }
              const money = {
                id: orderId,
                refnum: `P${run}-${step.order}`,
                buyerId,
                sellerId,
                itemPriceCents: step.price,
                shippingCents: step.shipping,
                totalCents,
                rewardsCents,
                commissionCents: step.waived ? 0 : commissionCents(step.price),
              };
              await postOrderPlaced(tx, money, at);
              rewardsModel.set(buyerId, rewardsModel.get(buyerId) ?? 0);
              live.set(step.order, { money, done: false });
              held.pending += step.price - (step.waived ? 0 : commissionCents(step.price));
            } else if (step.kind === 'release' && current && !current.done) {
              await postOrderReleased(tx, current.money, at);
              current.done = true;
              const share = current.money.itemPriceCents - current.money.commissionCents;
              held.pending -= share;
              held.available += share;
            } else if (step.kind === 'refund' && current && !current.done) {
              await postOrderRefunded(tx, current.money, at);
              current.done = true;
              // The rewards part comes back to the buyer's rewards, the card's part to their card.
              const buyer = current.money.buyerId;
              rewardsModel.set(buyer, (rewardsModel.get(buyer) ?? 0) + current.money.rewardsCents);
              held.pending -= current.money.itemPriceCents - current.money.commissionCents;
            }
          });
        }
        const report = await checkLedger(t.database.db);
        expect(report.unbalanced).toEqual([]);
        expect(report.mismatched).toEqual([]);
        expect(report.negative).toEqual([]);
        expect(report.total).toBe(0);
        for (const sellerId of sellers) {
          const balance = await sellerBalance(t.database.db, sellerId);
          expect({ pending: balance.pending, available: balance.available }).toEqual(model.get(sellerId));
          expect(balance.paidOut).toBe(0);
        }
        for (const [buyerId, expected] of rewardsModel) {
          expect(await balanceOf(t.database.db, rewardsAccount(buyerId))).toBe(expected);
        }
      }),
      { numRuns: 25, seed: 20261125 },
    );
  }, 120_000);
});
