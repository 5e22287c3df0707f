import type { BuyerListing, ListingDetail, LoginData, SellerListing } from '@yardly/shared/contract';
import {
  listingActionMessages,
  listingClosedToOffers,
  offerAbovePriceMessage,
  offerMessages,
  offerRefusalMessage,
} from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDevClock } from '../src/clock/clock';
import { listings, offers } from '../src/db/schema/index';
import { offerEventsOf } from '../src/modules/offers/read';
import { advanceClock, json, runDueJobs, startTestApp, type TestApp } from './harness';
import { signedUp } from './identity-helpers';
import {
  acceptOffer,
  advanceKeepingSignedIn,
  alreadyOffered,
  counterOffer,
  declineOffer,
  listOffers,
  makeOffer,
  type OfferSummary,
  refreshed,
} from './offer-helpers';
import { auth, type Envelope, listingTakingOffers, publishedListing, setBuyNow } from './selling-helpers';
import { transitionLog } from './transition-helpers';

let t: TestApp;
let seller: LoginData;
let buyer: LoginData;
let buyer2: LoginData;
let stranger: LoginData;

beforeAll(async () => {
  t = await startTestApp();
  [seller, buyer, buyer2, stranger] = [await signedUp(t), await signedUp(t), await signedUp(t), await signedUp(t)];
});
afterAll(() => t?.close());
const everyone = () => [seller, buyer, buyer2, stranger];

/** A fresh $25.00 listing of the seller's (2500 cents). */
const listing = () => listingTakingOffers(t, seller.token);

/** A pending offer of `who` on `listingRefnum`. */
async function offered(listingRefnum: string, who = buyer, price = 2000): Promise<OfferSummary> {
  const res = await makeOffer(t, who.token, listingRefnum, price);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function storedState(offerRefnum: string) {
  const [row] = await t.database.db.select({ state: offers.state }).from(offers).where(eq(offers.refnum, offerRefnum));
  return row?.state;
}

async function detail(listingRefnum: string, token?: string): Promise<ListingDetail | null> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/svc/listing/detailListing/v2',
    payload: { listingRefnum },
    headers: token ? auth(token) : {},
  });
  return json<Envelope<{ listing: ListingDetail | null }>>(res).data.listing;
}

async function sellerCard(listingRefnum: string): Promise<SellerListing | undefined> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/svc/listing/bysellerrefnum/v2?sellerRefnum=${seller.userRefnum}&page=0&size=100`,
    headers: auth(seller.token),
  });
  return json<Envelope<{ listings: SellerListing[] }>>(res).data.listings.find(
    (l) => l.listingRefnum === listingRefnum,
  );
}

async function buying(token: string, buyFilter: string): Promise<BuyerListing[]> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/svc/listing/bybuyerrefnum/v2?buyFilter=${buyFilter}&page=0&size=100`,
    headers: auth(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return json<Envelope<{ listings: BuyerListing[] }>>(res).data.listings;
}

describe('making an offer (POST /svc/offer/create/v2)', () => {
  it('answers the pending offer, its thread and its 24-hour expiry', async () => {
    const refnum = await listing();
    const now = await advanceClock(t, 0);
    const res = await makeOffer(t, buyer.token, refnum, 2000);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      offerRefnum: expect.stringMatching(/^F/),
      threadKey: `${refnum}_${buyer.userRefnum}_${seller.userRefnum}`,
      offerStatus: 'pending',
      offerPrice: 2000,
      expiresAt: expect.any(String),
    });
    const expires = new Date(res.body.data.expiresAt).getTime() - now.getTime();
    expect(expires).toBeGreaterThanOrEqual(24 * 3_600_000);
    expect(expires).toBeLessThan(24 * 3_600_000 + 60_000);
  });

  it('is for signed-in people only', async () => {
    const res = await makeOffer(t, undefined, await listing(), 2000);
    expect(res.status).toBe(401);
  });

  it('refuses an offer on your own listing', async () => {
    const res = await makeOffer(t, seller.token, await listing(), 2000);
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe(offerMessages.ownListing);
  });

  it.each([0, -100, 12.5, '2000', null])('refuses %j as a price: a positive whole number of cents', async (price) => {
    const res = await makeOffer(t, buyer.token, await listing(), price);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'offerPrice', message: offerMessages.invalidPrice }]);
  });

  it("refuses an offer above the listing's price, takes one at it", async () => {
    const refnum = await listing();
    const above = await makeOffer(t, buyer.token, refnum, 2501);
    expect(above.status).toBe(400);
    expect(above.body.msg).toBe(offerAbovePriceMessage(2500));
    expect(above.body.errors).toEqual([{ field: 'offerPrice', message: offerAbovePriceMessage(2500) }]);
    expect((await makeOffer(t, buyer.token, refnum, 2500)).status).toBe(200);
  });

  it('refuses a second open offer of the same buyer (409), and alreadyoffered says which', async () => {
    const refnum = await listing();
    const first = await offered(refnum);
    const second = await makeOffer(t, buyer.token, refnum, 1500);
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ msg: offerMessages.alreadyOffered, error: 'already_offered' });
    expect((await alreadyOffered(t, buyer.token, refnum)).body.data).toEqual({
      alreadyOffered: true,
      offerRefnum: first.offerRefnum,
    });
    expect((await alreadyOffered(t, buyer2.token, refnum)).body.data).toEqual({
      alreadyOffered: false,
      offerRefnum: null,
    });
    expect((await alreadyOffered(t, undefined, refnum)).body.data).toEqual({
      alreadyOffered: false,
      offerRefnum: null,
    });
    // Withdrawn, the buyer may offer again, in the same thread.
    expect((await declineOffer(t, buyer.token, first.offerRefnum)).body.data.offerStatus).toBe('cancelled');
    expect((await alreadyOffered(t, buyer.token, refnum)).body.data.alreadyOffered).toBe(false);
    const again = await offered(refnum, buyer, 1800);
    expect(again.threadKey).toBe(first.threadKey);
  });

  it('refuses an offer on a listing saved as Buy Now (409), and a counter or accept once it is switched to Buy Now', async () => {
    const buyNowOnly = await publishedListing(t, seller.token, { buyNow: true });
    const refused = await makeOffer(t, buyer.token, buyNowOnly, 1500);
    expect([refused.status, refused.body.msg, refused.body.error]).toEqual([
      409,
      'This listing is for sale by Buy Now only: it takes no offers',
      'buy_now_only',
    ]);
    const [row] = await t.database.db.select({ id: listings.id }).from(listings).where(eq(listings.refnum, buyNowOnly));
    expect(
      await t.database.db
        .select()
        .from(offers)
        .where(eq(offers.listingId, row?.id ?? 0)),
    ).toEqual([]);

    // Offers made while it took them: once the seller switches to Buy Now, none is countered or accepted.
    const refnum = await listing();
    const first = await offered(refnum, buyer, 1500);
    const second = await offered(refnum, buyer2, 1600);
    await setBuyNow(t, refnum, true);
    const counter = await counterOffer(t, seller.token, first.offerRefnum, 1900);
    expect([counter.status, counter.body.error]).toEqual([409, 'buy_now_only']);
    const accept = await acceptOffer(t, seller.token, second.offerRefnum);
    expect([accept.status, accept.body.error]).toEqual([409, 'buy_now_only']);
    // Still pending: the buyers may withdraw them, or they expire.
    expect((await declineOffer(t, buyer.token, first.offerRefnum)).body.data.offerStatus).toBe('cancelled');
  });

  it('refuses a listing that does not exist (404)', async () => {
    const res = await makeOffer(t, buyer.token, 'L0000000000Z', 100);
    expect(res.status).toBe(404);
    expect(res.body.msg).toBe(offerMessages.listingNotFound);
  });

  it.each([
    ['sold', '/svc/listing/sold', 'body', 'already_sold'],
    ['deactivated', '/svc/listing/toggle-active-status', 'body', 'is_paused'],
    ['deleted', '/svc/listing/delete', 'query', 'deleted'],
  ] as const)('refuses a %s listing (409)', async (_name, url, via, reason) => {
    const refnum = await listing();
    const done = await t.app.inject({
      method: 'POST',
      url: via === 'query' ? `${url}?listingRefnum=${refnum}` : url,
      payload: via === 'body' ? { listingRefnum: refnum } : undefined,
      headers: auth(seller.token),
    });
    expect(done.statusCode, done.body).toBe(200);
    const res = await makeOffer(t, buyer.token, refnum, 100);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(reason);
    const state = { already_sold: 'sold', is_paused: 'paused', deleted: 'deleted' } as const;
    expect(res.body.msg).toBe(listingClosedToOffers[state[reason]]);
  });

  it('refuses an expired listing (409), even before its expiry job has run', async () => {
    const refnum = await listing();
    await t.database.db
      .update(listings)
      .set({ listingEnd: new Date(Date.now() - 1000) })
      .where(eq(listings.refnum, refnum));
    const res = await makeOffer(t, buyer.token, refnum, 100);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'expired', msg: listingClosedToOffers.expired });
  });
});

describe('countering (POST /svc/offer/counterOffer)', () => {
  it('the receiver counters: the offer is countered, the counter a new pending offer with its own 24 hours', async () => {
    const refnum = await listing();
    const first = await offered(refnum, buyer, 1500);
    await advanceKeepingSignedIn(t, 60, everyone());
    const counter = await counterOffer(t, seller.token, first.offerRefnum, 2200);
    expect(counter.status).toBe(200);
    expect(counter.body.data).toMatchObject({
      threadKey: first.threadKey,
      offerStatus: 'pending',
      offerPrice: 2200,
      senderRefnum: seller.userRefnum,
      buyerRefnum: buyer.userRefnum,
      sellerRefnum: seller.userRefnum,
      parentOfferRefnum: first.offerRefnum,
    });
    expect(
      new Date(counter.body.data.expiresAt).getTime() - new Date(first.expiresAt).getTime(),
    ).toBeGreaterThanOrEqual(60 * 60_000);
    expect(await storedState(first.offerRefnum)).toBe('countered');

    // Now the buyer received the latest offer: the seller may not counter it again, the buyer may.
    const again = await counterOffer(t, seller.token, counter.body.data.offerRefnum, 2100);
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({ msg: offerMessages.notReceiver, error: 'not_receiver' });
    const back = await counterOffer(t, buyer.token, counter.body.data.offerRefnum, 2000);
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ senderRefnum: buyer.userRefnum, offerStatus: 'pending' });

    // A countered offer can no longer be answered.
    const stale = await counterOffer(t, seller.token, first.offerRefnum, 1900);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      error: 'already_countered',
      msg: offerRefusalMessage('counter', 'already_countered'),
    });

    const thread = (await listOffers(t, seller.token, refnum)).body.data.offers.content[0];
    expect(thread?.offers.map((o) => [o.offerStatus, o.offerPrice])).toEqual([
      ['countered', 1500],
      ['countered', 2200],
      ['pending', 2000],
    ]);
    expect(thread).toMatchObject({ offerRefnum: back.body.data.offerRefnum, offerStatus: 'pending', offerPrice: 2000 });
  });

  it("carries the events each side may take now (the table's, for the reader)", async () => {
    const refnum = await listing();
    const first = await offered(refnum, buyer, 1500);
    const counter = await counterOffer(t, seller.token, first.offerRefnum, 2200);
    // The seller made the counter: they may only withdraw it; the buyer receiving it may answer it.
    expect(counter.body.data.actions).toEqual(['withdraw']);
    const buyers = (await listOffers(t, buyer.token, refnum)).body.data.offers.content[0];
    expect(buyers?.actions).toEqual(['counter', 'accept', 'decline']);
    expect(buyers?.offers.map((o) => o.actions)).toEqual([[], ['counter', 'accept', 'decline']]);
    const sellers = (await listOffers(t, seller.token, refnum)).body.data.offers.content[0];
    expect(sellers?.actions).toEqual(['withdraw']);
  });

  it('refuses a counter above the listing price or not in whole cents', async () => {
    const first = await offered(await listing());
    const above = await counterOffer(t, seller.token, first.offerRefnum, 2600);
    expect(above.status).toBe(400);
    expect(above.body.msg).toBe(offerAbovePriceMessage(2500));
    expect((await counterOffer(t, seller.token, first.offerRefnum, 10.5)).status).toBe(400);
    expect(await storedState(first.offerRefnum)).toBe('pending');
  });
});

describe('accepting (POST /svc/offer/accept)', () => {
  it('only by its receiver, while pending', async () => {
    const first = await offered(await listing());
    const own = await acceptOffer(t, buyer.token, first.offerRefnum);
    expect(own.status).toBe(403);
    expect(own.body).toMatchObject({ msg: offerMessages.notReceiver, error: 'not_receiver' });
    expect(await storedState(first.offerRefnum)).toBe('pending');
  });

  it('reserves the listing for the buyer, declines every other open offer, locks editing', async () => {
    const refnum = await listing();
    const mine = await offered(refnum, buyer, 2000);
    const theirs = await offered(refnum, buyer2, 2100);
    expect((await sellerCard(refnum))?.offerCount).toBe(2);

    const accepted = await acceptOffer(t, seller.token, mine.offerRefnum);
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({
      offerRefnum: mine.offerRefnum,
      offerStatus: 'accepted',
      offerPrice: 2000,
    });
    expect(await storedState(theirs.offerRefnum)).toBe('declined');

    const seen = await detail(refnum, buyer2.token);
    expect(seen).toMatchObject({ listingState: 'reserved', editLocked: true, saleType: 0 });
    expect(await sellerCard(refnum)).toMatchObject({ listingState: 'reserved', editLocked: true, offerCount: 1 });
    // No new offers, not listed to others, not editable, not deletable.
    const late = await makeOffer(t, stranger.token, refnum, 100);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ error: 'is_reserved', msg: listingClosedToOffers.reserved });
    const recent = await t.app.inject({ method: 'GET', url: '/svc/listing/recentItems?size=100' });
    expect(
      json<Envelope<{ docs: { listingRefnum: string }[] }>>(recent).data.docs.map((d) => d.listingRefnum),
    ).not.toContain(refnum);
    const edit = await t.app.inject({
      method: 'GET',
      url: `/svc/listings/inputSourceRandomRefnum?listingRefnum=${refnum}`,
      headers: auth(seller.token),
    });
    expect(edit.statusCode).toBe(409);
    expect(json(edit).msg).toBe(listingActionMessages.editLocked);
    const del = await t.app.inject({
      method: 'POST',
      url: `/svc/listing/delete?listingRefnum=${refnum}`,
      headers: auth(seller.token),
    });
    expect(del.statusCode).toBe(409);
    // The declined buyer can no longer answer; the log says who did what.
    expect((await declineOffer(t, buyer2.token, theirs.offerRefnum)).status).toBe(409);
    const [listingRow] = await t.database.db.select().from(listings).where(eq(listings.refnum, refnum));
    const log = await transitionLog(t, 'listing', listingRow?.id ?? 0);
    expect(log.map((r) => [r.event, r.from, r.to, r.role])).toContainEqual(['reserve', 'live', 'reserved', 'system']);
  });
});

describe('declining and withdrawing (POST /svc/offer/decline)', () => {
  it('the receiver declines; the sender withdraws', async () => {
    const refnum = await listing();
    const first = await offered(refnum, buyer);
    const declined = await declineOffer(t, seller.token, first.offerRefnum);
    expect(declined.status).toBe(200);
    expect(declined.body.data.offerStatus).toBe('declined');
    const again = await declineOffer(t, seller.token, first.offerRefnum);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('already_declined');

    const second = await offered(refnum, buyer2);
    const withdrawn = await declineOffer(t, buyer2.token, second.offerRefnum);
    expect(withdrawn.body.data.offerStatus).toBe('cancelled');
  });
});

describe('a third person', () => {
  it('gets 403 on every offer call, and the offer is untouched', async () => {
    const refnum = await listing();
    const first = await offered(refnum);
    for (const res of [
      await counterOffer(t, stranger.token, first.offerRefnum, 1000),
      await acceptOffer(t, stranger.token, first.offerRefnum),
      await declineOffer(t, stranger.token, first.offerRefnum),
      await listOffers(t, stranger.token, refnum),
    ]) {
      expect(res.status).toBe(403);
    }
    expect((await listOffers(t, stranger.token, refnum)).body.msg).toBe(offerMessages.notYourListing);
    expect((await acceptOffer(t, stranger.token, first.offerRefnum)).body.msg).toBe(offerMessages.notYours);
    expect(await storedState(first.offerRefnum)).toBe('pending');
    expect((await acceptOffer(t, stranger.token, 'F0000000000Z')).status).toBe(404);
  });
});

describe('the offers of a listing (GET /svc/offer/v2)', () => {
  it('the seller sees every thread newest first, a buyer only their own, paged', async () => {
    const refnum = await listing();
    const a = await offered(refnum, buyer, 1000);
    await advanceKeepingSignedIn(t, 1, everyone());
    const b = await offered(refnum, buyer2, 1100);
    const all = await listOffers(t, seller.token, refnum);
    expect(all.status).toBe(200);
    expect(all.body.data.offers).toMatchObject({ number: 0, size: 25, totalElements: 2, totalPages: 1 });
    expect(all.body.data.offers.content.map((thread) => thread.offerRefnum)).toEqual([b.offerRefnum, a.offerRefnum]);
    expect(all.body.data.offers.content[0]).toMatchObject({ buyerRefnum: buyer2.userRefnum, buyerName: 'Ann L.' });
    const paged = await listOffers(t, seller.token, refnum, 1, 1);
    expect(paged.body.data.offers).toMatchObject({ number: 1, size: 1, totalElements: 2, totalPages: 2 });
    expect(paged.body.data.offers.content.map((thread) => thread.offerRefnum)).toEqual([a.offerRefnum]);
    const own = await listOffers(t, buyer.token, refnum);
    expect(own.body.data.offers.content.map((thread) => thread.threadKey)).toEqual([a.threadKey]);
  });
});

describe('expiry', () => {
  it('a pending offer unanswered for 24 hours expires by its job, logged as the platform', async () => {
    const refnum = await listing();
    const first = await offered(refnum);
    await advanceKeepingSignedIn(t, 24 * 60 - 1, everyone());
    expect(await storedState(first.offerRefnum)).toBe('pending');
    await advanceKeepingSignedIn(t, 1, everyone());
    expect(await storedState(first.offerRefnum)).toBe('expired');
    const events = await offerEventsOf(t.database.db, first.threadKey);
    expect(events.map((e) => [e.event, e.fromState, e.toState, e.priceCents, e.actorRole])).toEqual([
      ['make', null, 'pending', 2000, 'buyer'],
      ['expire', 'pending', 'expired', 2000, 'system'],
    ]);
    expect(events[0]?.actorRefnum).toBe(buyer.userRefnum);
    expect((await acceptOffer(t, seller.token, first.offerRefnum)).body.error).toBe('offer_expired');
    // Expired, it no longer holds the listing: a new offer is welcome.
    expect((await makeOffer(t, buyer.token, refnum, 1500)).status).toBe(200);
  });

  it('is never shown pending past its expiresAt, whatever the job runner is doing', async () => {
    const refnum = await listing();
    const first = await offered(refnum);
    const clock = t.app.clock;
    if (!isDevClock(clock)) throw new Error('a dev clock is needed');
    clock.advance(24 * 60); // the clock moves, no job runs
    for (const person of everyone()) await refreshed(t, person);
    expect(await storedState(first.offerRefnum)).toBe('pending');
    const thread = (await listOffers(t, seller.token, refnum)).body.data.offers.content[0];
    expect(thread?.offerStatus).toBe('expired');
    expect((await alreadyOffered(t, buyer.token, refnum)).body.data.alreadyOffered).toBe(false);
    expect((await buying(buyer.token, 'OPEN_OFFFERS')).map((l) => l.listingRefnum)).not.toContain(refnum);
    const late = await acceptOffer(t, seller.token, first.offerRefnum);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ error: 'offer_expired', msg: offerRefusalMessage('accept', 'offer_expired') });
    await runDueJobs(t);
    expect(await storedState(first.offerRefnum)).toBe('expired');
  });
});

describe('two answers at once', () => {
  it('two accepts of different offers on one listing: exactly one accepted', async () => {
    const refnum = await listing();
    const a = await offered(refnum, buyer, 1000);
    const b = await offered(refnum, buyer2, 1100);
    const answers = await Promise.all([
      acceptOffer(t, seller.token, a.offerRefnum),
      acceptOffer(t, seller.token, b.offerRefnum),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.status === 409)?.body.error).toBe('already_declined');
    const states = [await storedState(a.offerRefnum), await storedState(b.offerRefnum)].sort();
    expect(states).toEqual(['accepted', 'declined']);
  });

  it.each([
    ['a counter', (offerRefnum: string) => counterOffer(t, seller.token, offerRefnum, 1500), 'already_accepted'],
    ['a withdraw', (offerRefnum: string) => declineOffer(t, buyer.token, offerRefnum), 'already_accepted'],
  ])('an accept and %s of the same offer: one wins, the other 409', async (_name, other) => {
    const refnum = await listing();
    const first = await offered(refnum, buyer, 1000);
    const [accept, second] = await Promise.all([
      acceptOffer(t, seller.token, first.offerRefnum),
      other(first.offerRefnum),
    ]);
    expect([accept.status, second.status].sort()).toEqual([200, 409]);
    const loser = accept.status === 409 ? accept : second;
    expect(loser.body.error).toMatch(/^already_/);
    const state = await storedState(first.offerRefnum);
    expect(state).toBe(
      accept.status === 200 ? 'accepted' : second.body.data?.offerStatus === 'cancelled' ? 'cancelled' : 'countered',
    );
  });
});

describe('what the listing and the dashboards read', () => {
  it("the seller's card counts the open offers, and a listing with one cannot be deleted", async () => {
    const refnum = await listing();
    const first = await offered(refnum, buyer);
    await offered(refnum, buyer2);
    expect((await sellerCard(refnum))?.offerCount).toBe(2);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/svc/listing/delete?listingRefnum=${refnum}`,
      headers: auth(seller.token),
    });
    expect(refused.statusCode).toBe(409);
    expect(json(refused)).toMatchObject({ error: 'has_open_offers', msg: listingActionMessages.hasActiveOffers });
    await declineOffer(t, seller.token, first.offerRefnum);
    expect((await sellerCard(refnum))?.offerCount).toBe(1);
  });

  it("the buying dashboard's OPEN_OFFFERS, IN_PROGRESS and CANCELLED filters", async () => {
    const open = await listing();
    const won = await listing();
    const lost = await listing();
    const pending = await offered(open, buyer2, 900);
    const accepted = await offered(won, buyer2, 1000);
    const declined = await offered(lost, buyer2, 1100);
    await acceptOffer(t, seller.token, accepted.offerRefnum);
    await declineOffer(t, seller.token, declined.offerRefnum);
    const openOnes = await buying(buyer2.token, 'OPEN_OFFFERS');
    expect(openOnes.find((l) => l.listingRefnum === open)).toMatchObject({
      offerRefnum: pending.offerRefnum,
      offerStatus: 'pending',
      offerPrice: 900,
      threadKey: pending.threadKey,
    });
    expect(openOnes.map((l) => l.listingRefnum)).not.toContain(won);
    expect((await buying(buyer2.token, 'IN_PROGRESS')).map((l) => l.listingRefnum)).toContain(won);
    const cancelled = (await buying(buyer2.token, 'CANCELLED')).map((l) => l.listingRefnum);
    expect(cancelled).toContain(lost);
    expect(cancelled).not.toContain(open);
    expect((await buying(stranger.token, 'OPEN_OFFFERS')).length).toBe(0);
  });
});
