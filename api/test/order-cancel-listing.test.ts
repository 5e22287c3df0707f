import type { LoginData } from '@yardly/shared/contract';
import { listingActionMessages, orderMessages } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings } from '../src/db/schema/index';
import { authorisedIntent, boughtNow, call, createPI, placeOrder, savedAddress } from './checkout-helpers';
import { startTestApp, type TestApp } from './harness';
import { freshEmail, signedUp } from './identity-helpers';
import { acceptOffer, advanceKeepingSignedIn, alreadyOffered, listOffers, makeOffer } from './offer-helpers';
import { signedUpPeople, withRoles } from './role-helpers';
import { auth, listingTakingOffers, publishedListing } from './selling-helpers';
import { transitionLog } from './transition-helpers';

let t: TestApp;
let seller: LoginData;
let buyer: LoginData;
let nextBuyer: LoginData;
let admin: LoginData;

beforeAll(async () => {
  t = await startTestApp();
  ({ seller, buyer } = await signedUpPeople(t, 'seller', 'buyer'));
  nextBuyer = await signedUp(t, freshEmail('next'));
  admin = await withRoles(t, await signedUp(t, freshEmail('admin')), ['ROLE_USER', 'ROLE_ADMIN']);
});
afterAll(() => t?.close());

type SellerCard = { listingRefnum: string; listingState: string; listingStatus: string; saleType: number };

/** The listing as its seller's list shows it (the storefront's buttons follow its state). */
async function asSellerSeesIt(refnum: string): Promise<SellerCard | undefined> {
  const answer = await call<{ listings: SellerCard[] }>(
    t,
    'POST',
    `/svc/listing/bysellerrefnum/v2?sellerRefnum=${seller.userRefnum}&page=0&size=100`,
    seller.token,
  );
  return answer.body.data.listings.find((l) => l.listingRefnum === refnum);
}

/** The listing's logged transitions: event, from, to, by. */
async function listingLog(refnum: string) {
  const [listing] = await t.database.db.select().from(listings).where(eq(listings.refnum, refnum));
  const log = await transitionLog(t, 'listing', listing?.id ?? 0);
  return log.map((step) => [step.event, step.from, step.to, step.role]);
}

const cancel = (token: string, orderId: string) => call(t, 'POST', '/svc/orders/cancel', token, { orderId });

describe('the listing of a cancelled order: Deactivated for its seller, or on sale again after the ship-by timer', () => {
  it("after the seller's cancel it is paused (logged as the platform's), the seller activates it, another buyer buys it", async () => {
    const listing = await publishedListing(t, seller.token);
    const first = await boughtNow(t, buyer.token, listing);
    expect((await asSellerSeesIt(listing))?.listingState).toBe('sold');
    expect((await cancel(seller.token, first.orderId)).status).toBe(200);

    expect(await asSellerSeesIt(listing)).toMatchObject({
      listingState: 'paused',
      listingStatus: 'inactive',
      saleType: 0,
    });
    expect((await listingLog(listing)).slice(-2)).toEqual([
      ['sell', 'live', 'sold', 'buyer'],
      ['orderCancelled', 'sold', 'paused', 'system'],
    ]);
    // Deactivated is not on sale: nobody buys it until its seller says so.
    const early = await createPI(t, nextBuyer.token, { listingRefnum: listing, deliveryMethod: 'pickup' });
    expect([early.status, early.body.error]).toEqual([409, 'is_paused']);

    const activated = await t.app.inject({
      method: 'POST',
      url: '/svc/listing/toggle-active-status',
      payload: { listingRefnum: listing },
      headers: auth(seller.token),
    });
    expect(activated.statusCode).toBe(200);
    expect((await asSellerSeesIt(listing))?.listingState).toBe('live');
    const second = await boughtNow(t, nextBuyer.token, listing);
    expect(second.orderId).not.toBe(first.orderId);
    expect((await asSellerSeesIt(listing))?.listingState).toBe('sold');
  });

  it('after the ship-by timer cancels the order, it is on sale again at once (issue 19) and another buyer buys it', async () => {
    const listing = await publishedListing(t, seller.token);
    await boughtNow(t, buyer.token, listing);
    await advanceKeepingSignedIn(t, 6 * 24 * 60, [seller, buyer, nextBuyer, admin]);
    expect((await asSellerSeesIt(listing))?.listingState).toBe('live');
    expect((await listingLog(listing)).at(-1)).toEqual(['orderLapsed', 'sold', 'live', 'system']);
    await boughtNow(t, nextBuyer.token, listing);
    expect((await asSellerSeesIt(listing))?.listingState).toBe('sold');
  });

  it("after a moderator's refund before shipping, it is paused too", async () => {
    const listing = await publishedListing(t, seller.token);
    const placed = await boughtNow(t, buyer.token, listing);
    const refunded = await t.app.inject({
      method: 'PUT',
      url: `/svc/admin/orders/${placed.orderId}`,
      headers: auth(admin.token),
      payload: { refundReason: 'Seller asked us to' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await asSellerSeesIt(listing))?.listingState).toBe('paused');
  });

  it('a listing with an order in progress cannot be relisted (409); cancelled, it goes back to Deactivated', async () => {
    const listing = await publishedListing(t, seller.token);
    const placed = await boughtNow(t, buyer.token, listing);
    const relisted = await call(t, 'POST', '/svc/listing/relist', seller.token, { listingRefnum: listing });
    expect([relisted.status, relisted.body.msg]).toEqual([409, listingActionMessages.orderInProgress]);
    expect((await cancel(seller.token, placed.orderId)).status).toBe(200);
    expect((await asSellerSeesIt(listing))?.listingState).toBe('paused');
  });

  it("removed and restored by a moderator while its order is in progress, the console's record offers no Activate", async () => {
    const listing = await publishedListing(t, seller.token);
    await boughtNow(t, buyer.token, listing);
    const moderate = (method: 'GET' | 'PUT' | 'DELETE', payload?: object) =>
      t.app.inject({ method, url: `/svc/admin/listings/${listing}`, headers: auth(admin.token), payload });
    expect((await moderate('GET')).json()).toMatchObject({ state: 'sold', actions: ['remove'] });
    expect((await moderate('DELETE')).statusCode).toBe(200);
    const removed = (await moderate('GET')).json();
    expect(removed).toMatchObject({ state: 'deleted', actions: ['restore'] });
    const restored = await moderate('PUT', { ...removed, event: 'restore' });
    expect(restored.statusCode, restored.body).toBe(200);
    // The record says what the table says with the facts only the api knows: no Activate yet.
    expect(restored.json()).toMatchObject({ state: 'paused', actions: ['remove'] });
    const activated = await moderate('PUT', { ...restored.json(), event: 'activate' });
    expect(activated.statusCode).toBe(409);
  });
});

/** The seller ships the order, the buyer confirms it arrived (the sale is completed), the seller relists the item. */
async function completedAndRelisted(listing: string, orderId: string) {
  const label = await call(t, 'POST', '/svc/shipping/label', seller.token, {
    orderId,
    parcel: 'medium',
    service: 'ground',
  });
  expect(label.status).toBe(200);
  expect((await call(t, 'POST', '/svc/orders/confirm-received', buyer.token, { orderId })).status).toBe(200);
  expect((await call(t, 'POST', '/svc/listing/relist', seller.token, { listingRefnum: listing })).status).toBe(200);
}

describe('relisting a sold listing (one order in progress per listing)', () => {
  it('after its sale is completed, the seller relists it and another buyer buys it', async () => {
    const listing = await publishedListing(t, seller.token);
    const first = await boughtNow(t, buyer.token, listing);
    await completedAndRelisted(listing, first.orderId);
    const second = await boughtNow(t, nextBuyer.token, listing);
    expect(second.orderId).not.toBe(first.orderId);
    expect((await asSellerSeesIt(listing))?.listingState).toBe('sold');
  });

  it('while its order is in progress it cannot be relisted, and a second buyer is refused (409) before paying', async () => {
    const listing = await publishedListing(t, seller.token);
    await boughtNow(t, buyer.token, listing);
    expect((await call(t, 'POST', '/svc/listing/relist', seller.token, { listingRefnum: listing })).status).toBe(409);
    const addressId = await savedAddress(t, nextBuyer.token);
    const refused = await createPI(t, nextBuyer.token, { listingRefnum: listing, deliveryMethod: 'ship', addressId });
    expect([refused.status, refused.body.error, refused.body.msg]).toEqual([
      409,
      'already_sold',
      orderMessages.noLongerAvailable,
    ]);
  });
});

/** The offer's status as the listing's offers show it to `token`'s holder. */
async function offerStatusOf(token: string, listingRefnum: string, offerRefnum: string) {
  const page = await listOffers(t, token, listingRefnum);
  const all = page.body.data.offers.content.flatMap((thread) => thread.offers);
  return all.find((o) => o.offerRefnum === offerRefnum)?.offerStatus;
}

describe('a sale at an accepted offer that ends: the offer no longer holds the listing', () => {
  /** An offer accepted by the seller and paid by its buyer (shipped): the offer and its order. */
  async function paidOffer(listing: string, who: LoginData) {
    const made = await makeOffer(t, who.token, listing, 2000);
    expect((await acceptOffer(t, seller.token, made.body.data.offerRefnum)).status).toBe(200);
    const addressId = await savedAddress(t, who.token);
    const offerRefnum = made.body.data.offerRefnum;
    const intent = await authorisedIntent(t, who.token, {
      listingRefnum: listing,
      offerRefnum,
      deliveryMethod: 'ship',
      addressId,
    });
    const placed = await placeOrder(t, who.token, intent.paymentIntentId);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    return { offerRefnum, orderId: placed.body.data.orderId };
  }

  it('cancelled by its seller: the offer is closed, and once activated another offer is accepted and the first buyer may offer again', async () => {
    const listing = await listingTakingOffers(t, seller.token, { listingPrice: 3000 });
    const first = await paidOffer(listing, buyer);
    expect(await offerStatusOf(buyer.token, listing, first.offerRefnum)).toBe('accepted');
    expect((await cancel(seller.token, first.orderId)).status).toBe(200);
    expect(await offerStatusOf(buyer.token, listing, first.offerRefnum)).toBe('closed');
    expect(
      (await call(t, 'POST', '/svc/listing/toggle-active-status', seller.token, { listingRefnum: listing })).status,
    ).toBe(200);

    expect((await alreadyOffered(t, buyer.token, listing)).body.data.alreadyOffered).toBe(false);
    const next = await makeOffer(t, nextBuyer.token, listing, 2500);
    expect(next.status).toBe(200);
    const accepted = await acceptOffer(t, seller.token, next.body.data.offerRefnum);
    expect([accepted.status, accepted.body.data?.offerStatus]).toEqual([200, 'accepted']);
  });

  it('completed and relisted: the sold offer holds nothing, and closes when a new offer on the relisted item is accepted', async () => {
    const listing = await listingTakingOffers(t, seller.token, { listingPrice: 3000 });
    const first = await paidOffer(listing, buyer);
    await completedAndRelisted(listing, first.orderId);
    // The completed sale's offer stays what it was (accepted, and paid) but holds the relisted item no more.
    expect(await offerStatusOf(buyer.token, listing, first.offerRefnum)).toBe('accepted');
    expect((await alreadyOffered(t, buyer.token, listing)).body.data.alreadyOffered).toBe(false);

    const next = await makeOffer(t, nextBuyer.token, listing, 2500);
    expect((await acceptOffer(t, seller.token, next.body.data.offerRefnum)).status).toBe(200);
    expect(await offerStatusOf(buyer.token, listing, first.offerRefnum)).toBe('closed');
  });
});
