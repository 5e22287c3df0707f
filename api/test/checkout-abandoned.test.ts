import type { LoginData } from '@yardly/shared/contract';
import { orderMessages } from '@yardly/shared/rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransactions, listings } from '../src/db/schema/index';
import { checkLedger, ledgerIsSound } from '../src/modules/ledger/check';
import {
  authorisedIntent,
  boughtNow,
  createPI,
  intentStatus,
  orderDetail,
  ordersOf,
  placeOrder,
  savedAddress,
} from './checkout-helpers';
import { startTestApp, type TestApp } from './harness';
import { freshEmail, signedUp } from './identity-helpers';
import { noticeRowsOf } from './notification-helpers';
import { advanceKeepingSignedIn } from './offer-helpers';
import { publishedListing } from './selling-helpers';

let t: TestApp;
let seller: LoginData;
const people: LoginData[] = [];

beforeAll(async () => {
  t = await startTestApp();
  seller = await signedUp(t, freshEmail('seller'));
  people.push(seller);
});
afterAll(() => t?.close());

async function person(prefix: string): Promise<LoginData> {
  const someone = await signedUp(t, freshEmail(prefix));
  people.push(someone);
  return someone;
}

/** Minutes pass on the dev clock; the jobs that came due (the sweep among them) have run. */
const minutesPass = (minutes: number) => advanceKeepingSignedIn(t, minutes, people);

/** A checkout shipped to a saved address, its card authorised, then the tab closed: its intent id. */
async function abandoned(buyer: LoginData, listingRefnum: string): Promise<string> {
  const addressId = await savedAddress(t, buyer.token);
  const intent = await authorisedIntent(t, buyer.token, { listingRefnum, deliveryMethod: 'ship', addressId });
  return intent.paymentIntentId;
}

/** The person's notifications: text and link. */
const noticesOf = async (someone: LoginData) =>
  (await noticeRowsOf(t, someone)).map(({ text, link }) => ({ text, link }));

describe('abandoned authorisations (the sweep, every 5 minutes on the app clock)', () => {
  it('places the order of an authorised checkout left for 15 minutes, captures it, tells the buyer', async () => {
    const buyer = await person('gone');
    const listing = await publishedListing(t, seller.token, { listingPrice: 3000, listingTitle: 'Wicker basket' });
    const intentId = await abandoned(buyer, listing);

    await minutesPass(10);
    expect(await ordersOf(t, listing)).toEqual([]);
    expect(await intentStatus(t, intentId)).toBe('requires_capture');

    await minutesPass(10);
    const [order] = await ordersOf(t, listing);
    expect(order).toMatchObject({ state: 'paid', paymentIntentId: intentId, totalCents: 3000 + 899 });
    expect(await intentStatus(t, intentId)).toBe('succeeded');
    expect(await noticesOf(buyer)).toEqual([
      { text: 'Your payment went through: your order for Wicker basket is placed.', link: `/orders/${order?.refnum}` },
    ]);
    const detail = await orderDetail(t, buyer.token, order?.refnum ?? '');
    expect(detail.body.data).toMatchObject({ status: 'paid', shipTo: { line1: '1 Main St' } });
    // The buyer's tab, opened again, answers the same order; later sweeps change nothing.
    const again = await placeOrder(t, buyer.token, intentId);
    expect([again.status, again.body.data.orderId]).toEqual([200, order?.refnum]);
    await minutesPass(20);
    expect(await ordersOf(t, listing)).toHaveLength(1);
    expect(await noticesOf(buyer)).toHaveLength(1);
    expect(ledgerIsSound(await checkLedger(t.database.db))).toBe(true);
  });

  it('releases the authorisation of a checkout whose item was sold to another: no order, no money, the buyer told', async () => {
    const late = await person('late');
    const quick = await person('quick');
    const listing = await publishedListing(t, seller.token, { listingTitle: 'Rattan chair' });
    const lateIntent = await abandoned(late, listing);
    const won = await boughtNow(t, quick.token, listing);

    await minutesPass(20);
    expect(await intentStatus(t, lateIntent)).toBe('canceled');
    expect((await ordersOf(t, listing)).map((o) => o.refnum)).toEqual([won.orderId]);
    expect(await noticesOf(late)).toEqual([
      {
        text: `Your payment for Rattan chair did not become an order (${orderMessages.noLongerAvailable}): nothing was charged and the hold on your card is released.`,
        link: `/${listing}`,
      },
    ]);
    const back = await placeOrder(t, late.token, lateIntent);
    expect([back.status, back.body.msg]).toEqual([409, orderMessages.noLongerAvailable]);
  });

  it('leaves an intent never authorised alone: it may still be paid and placed', async () => {
    const buyer = await person('undecided');
    const listing = await publishedListing(t, seller.token);
    const pi = await createPI(t, buyer.token, { listingRefnum: listing, deliveryMethod: 'pickup' });
    await minutesPass(30);
    expect(await intentStatus(t, pi.body.data.paymentIntentId)).toBe('requires_payment_method');
    expect(await ordersOf(t, listing)).toEqual([]);
    expect(await noticesOf(buyer)).toEqual([]);
    const [stored] = await t.database.db.select().from(listings).where(eq(listings.refnum, listing));
    expect(stored?.state).toBe('live');
  });

  it("racing the buyer's own POST /svc/orders/place: one order, one payment", async () => {
    for (let round = 0; round < 3; round++) {
      const buyer = await person(`racer${round}`);
      const listing = await publishedListing(t, seller.token);
      const intentId = await abandoned(buyer, listing);
      await minutesPass(14);
      // Every jump runs the sweeps come due and arms the next 5 minutes on: one is due at 20 minutes.
      const [, placed] = await Promise.all([minutesPass(6), placeOrder(t, buyer.token, intentId)]);
      expect(placed.status).toBe(200);
      const all = await ordersOf(t, listing);
      expect(all.map((o) => o.refnum)).toEqual([placed.body.data.orderId]);
      const payments = await t.database.db
        .select()
        .from(ledgerTransactions)
        .where(and(eq(ledgerTransactions.orderId, all[0]?.id ?? 0), eq(ledgerTransactions.kind, 'payment')));
      expect(payments).toHaveLength(1);
      expect(await intentStatus(t, intentId)).toBe('succeeded');
      expect((await noticesOf(buyer)).length).toBeLessThanOrEqual(1);
    }
    expect(ledgerIsSound(await checkLedger(t.database.db))).toBe(true);
  });
});
