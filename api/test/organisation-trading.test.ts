import type { LoginData } from '@yardly/shared/contract';
import { commissionCents, orderMessages } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema/index';
import { checkLedger, ledgerIsSound } from '../src/modules/ledger/check';
import { sellerBalance } from '../src/modules/ledger/ledger';
import { authorisedIntent, boughtNow, createPI, orderDetail, placeOrder, savedAddress } from './checkout-helpers';
import { startTestApp, type TestApp } from './harness';
import { b2bOrganisation, memberOf, organisationListing, verifyWorkEmail } from './marketplace-helpers';
import { publishedListing } from './selling-helpers';

/*
 * Trading in an organisation's marketplace (issue 23): only between its members, and with the
 * commission waived when the organisation gives that benefit. The order records what it charged
 * (0) and what was waived; the seller's share is the whole price, the ledger balanced.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const PRICE = 2500; // goodForm's price, in cents

async function orderRow(orderId: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.refnum, orderId));
  if (!row) throw new Error(`no order ${orderId}`);
  return row;
}

async function sellerId(orderId: string): Promise<number> {
  return (await orderRow(orderId)).sellerId;
}

describe('the commission on a sale between members', () => {
  it('is waived when the organisation gives that benefit: the seller receives the whole price', async () => {
    const acme = await b2bOrganisation(t, { commissionWaived: true });
    const seller = await memberOf(t, acme, 'seller');
    const buyer = await memberOf(t, acme, 'buyer');
    const placed = await boughtNow(t, buyer.token, await organisationListing(t, seller, acme, 'Camping stove'));
    expect(await orderRow(placed.orderId)).toMatchObject({
      itemPriceCents: PRICE,
      commissionCents: 0,
      commissionWaivedCents: commissionCents(PRICE),
    });
    expect(commissionCents(PRICE)).toBeGreaterThan(0);
    const seen = await orderDetail(t, seller.token, placed.orderId);
    expect(seen.body.data).toMatchObject({ commission: 0, sellerReceives: PRICE });
    expect((await sellerBalance(t.database.db, await sellerId(placed.orderId))).pending).toBe(PRICE);
    expect(ledgerIsSound(await checkLedger(t.database.db))).toBe(true);
  });

  it('is charged when the organisation does not waive it, and on the public marketplace whatever it gives', async () => {
    const plain = await b2bOrganisation(t);
    const seller = await memberOf(t, plain, 'seller');
    const buyer = await memberOf(t, plain, 'buyer');
    const inOrganisation = await boughtNow(t, buyer.token, await organisationListing(t, seller, plain, 'Tent'));
    const waiving = await b2bOrganisation(t, { commissionWaived: true });
    const colleague = await memberOf(t, waiving, 'seller');
    const other = await memberOf(t, waiving, 'buyer');
    const inPublic = await boughtNow(t, other.token, await publishedListing(t, colleague.token));
    for (const placed of [inOrganisation, inPublic]) {
      expect(await orderRow(placed.orderId)).toMatchObject({
        commissionCents: commissionCents(PRICE),
        commissionWaivedCents: 0,
      });
      const owed = PRICE - commissionCents(PRICE);
      expect((await sellerBalance(t.database.db, await sellerId(placed.orderId))).pending).toBe(owed);
    }
    expect(ledgerIsSound(await checkLedger(t.database.db))).toBe(true);
  });
});

describe('buying an organisation’s listing', () => {
  it('two members paying for it at once: exactly one order, the other told it is gone', async () => {
    const acme = await b2bOrganisation(t, { commissionWaived: true });
    const seller = await memberOf(t, acme, 'seller');
    const buyers: LoginData[] = [await memberOf(t, acme, 'first'), await memberOf(t, acme, 'second')];
    const item = await organisationListing(t, seller, acme, 'Road bike');
    const intents = await Promise.all(
      buyers.map(async (b) =>
        authorisedIntent(t, b.token, {
          listingRefnum: item,
          deliveryMethod: 'ship',
          addressId: await savedAddress(t, b.token),
        }),
      ),
    );
    const answers = await Promise.all(buyers.map((b, i) => placeOrder(t, b.token, intents[i]?.paymentIntentId ?? '')));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.msg).toBe(orderMessages.noLongerAvailable);
  });

  it('is refused once its seller is no longer a member: nobody buys into a membership that ended', async () => {
    const acme = await b2bOrganisation(t);
    const elsewhere = await b2bOrganisation(t);
    const seller = await memberOf(t, acme, 'seller');
    const buyer = await memberOf(t, acme, 'buyer');
    const item = await organisationListing(t, seller, acme, 'Monitor arm');
    await verifyWorkEmail(t, seller, `seller@${elsewhere.domain}`);
    const refused = await createPI(t, buyer.token, { listingRefnum: item, deliveryMethod: 'pickup' });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(orderMessages.noLongerAvailable);
  });
});
