import { readFileSync } from 'node:fs';
import tls from 'node:tls';
import type { BuyerListing, ListingLikers, LoginData } from '@yardly/shared/contract';
import {
  listingClosedToOffers,
  notificationText,
  offerMessages,
  offerThreadPath,
  offerToLikersMessages,
  offerToLikersNotBelowMessage,
  publicName,
} from '@yardly/shared/rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRefnum } from '../src/db/refnum';
import { favourites, listings, offers, users } from '../src/db/schema/index';
import { offerEventsOf } from '../src/modules/offers/read';
import { authorisedIntent, call, placeOrder, savedAddress } from './checkout-helpers';
import { advanceClock, runDueJobs, startTestApp, type TestApp } from './harness';
import { freshEmail, signedUp, userIdOf } from './identity-helpers';
import { b2bOrganisation, memberOf, organisationListing, TAKES_OFFERS } from './marketplace-helpers';
import { notificationsOf, savePushToken } from './notification-helpers';
import { acceptOffer, advanceKeepingSignedIn, counterOffer, listOffers, makeOffer } from './offer-helpers';
import { browserSubscription, startPushServiceStandIn } from './push-service-stand-in';
import { auth, listingTakingOffers, setBuyNow } from './selling-helpers';

// Issue 37 item 3: "Offer to likers". The seller offers a price below the current one to everyone
// who saved the listing: each a pending offer (the seller its sender) in their own thread.
let t: TestApp;
let seller: LoginData;

beforeAll(async () => {
  t = await startTestApp();
  seller = await signedUp(t, freshEmail('seller'));
});
afterAll(() => t?.close());

function offerToLikers(token: string | undefined, body: object) {
  return call<{ offered: number }>(t, 'POST', '/svc/offer/likers', token, body);
}

function likersOf(token: string | undefined, listingRefnum: string) {
  return call<ListingLikers>(t, 'GET', `/svc/offer/likers?listingRefnum=${listingRefnum}`, token);
}

async function heart(person: LoginData, listingRefnum: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/svc/fav/create?listingRefnum=${listingRefnum}`,
    headers: auth(person.token),
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A $25.00 listing of the seller's that takes offers, saved by `likers`. */
async function likedListing(likers: LoginData[], title = 'Blue ceramic mug'): Promise<string> {
  const refnum = await listingTakingOffers(t, seller.token, { listingTitle: title });
  for (const liker of likers) await heart(liker, refnum);
  return refnum;
}

async function people(n: number, who = 'liker'): Promise<LoginData[]> {
  const made: LoginData[] = [];
  for (let i = 0; i < n; i++) made.push(await signedUp(t, freshEmail(who)));
  return made;
}

/** The offers on a listing, as the table holds them. */
async function offersOn(listingRefnum: string) {
  return t.database.db
    .select({
      refnum: offers.refnum,
      buyerRefnum: users.refnum,
      senderId: offers.senderId,
      state: offers.state,
      priceCents: offers.priceCents,
    })
    .from(offers)
    .innerJoin(listings, eq(listings.id, offers.listingId))
    .innerJoin(users, eq(users.id, offers.buyerId))
    .where(eq(listings.refnum, listingRefnum));
}

/** The liker's pending offer from the seller on the listing. */
async function offerTo(liker: LoginData, listingRefnum: string) {
  const mine = (await offersOn(listingRefnum)).filter((o) => o.buyerRefnum === liker.userRefnum);
  expect(mine).toHaveLength(1);
  return mine[0] as (typeof mine)[number];
}

async function buying(person: LoginData): Promise<BuyerListing[]> {
  const res = await call<{ listings: BuyerListing[] }>(
    t,
    'POST',
    '/svc/listing/bybuyerrefnum/v2?buyFilter=OPEN_OFFFERS&page=0&size=100',
    person.token,
  );
  expect(res.status).toBe(200);
  return res.body.data.listings;
}

async function sellerName(): Promise<string> {
  const [row] = await t.database.db
    .select({ first: users.nameFirst, last: users.nameLast })
    .from(users)
    .where(eq(users.refnum, seller.userRefnum));
  return publicName(row?.first ?? '', row?.last ?? '');
}

describe('offering to likers (POST /svc/offer/likers)', () => {
  it('makes each liker a pending 24-hour offer from the seller in their own thread, told in-app, by push and on the buying dashboard', async () => {
    const pushService = await startPushServiceStandIn();
    const defaults = tls.getCACertificates('default');
    tls.setDefaultCACertificates([...defaults, readFileSync(pushService.certFile, 'utf8')]);
    try {
      const likers = await people(2);
      const [first, second] = likers as [LoginData, LoginData];
      const browser = browserSubscription(`${pushService.origin}/push/liker`);
      expect((await savePushToken(t, first.token, { fcm_token: browser.json })).statusCode).toBe(200);
      const refnum = await likedListing(likers, 'Teak side table');
      expect((await likersOf(seller.token, refnum)).body.data).toEqual({ likers: 2, nextOfferAt: null });
      const now = await advanceClock(t, 0);

      const res = await offerToLikers(seller.token, { listingRefnum: refnum, offerPrice: 2000 });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toEqual({ offered: 2 });

      const sellerId = await userIdOf(t, seller);
      for (const liker of likers) {
        const offer = await offerTo(liker, refnum);
        expect(offer).toMatchObject({ senderId: sellerId, state: 'pending', priceCents: 2000 });
        // The liker's thread: the seller sent it, so the liker is the one to answer it.
        const thread = (await listOffers(t, liker.token, refnum)).body.data.offers.content;
        expect(thread).toHaveLength(1);
        expect(thread[0]).toMatchObject({
          offerRefnum: offer.refnum,
          buyerRefnum: liker.userRefnum,
          senderRefnum: seller.userRefnum,
          offerStatus: 'pending',
          offerPrice: 2000,
          parentOfferRefnum: null,
        });
        const expires = new Date(thread[0]?.expiresAt ?? 0).getTime() - now.getTime();
        expect(expires).toBeGreaterThanOrEqual(24 * 3_600_000);
        expect(expires).toBeLessThan(24 * 3_600_000 + 60_000);
        // Logged as the table's own event, taken by the seller.
        const events = await offerEventsOf(t.database.db, thread[0]?.threadKey ?? '');
        expect(events.map((e) => [e.event, e.fromState, e.toState, e.actorRole, e.actorRefnum])).toEqual([
          ['offerToLiker', null, 'pending', 'seller', seller.userRefnum],
        ]);
        // My Dashboard, buying: the listing with the seller's offer.
        expect((await buying(liker)).map((l) => [l.listingRefnum, l.offerRefnum, l.offerPrice])).toEqual([
          [refnum, offer.refnum, 2000],
        ]);
        // The notification names the seller and leads to the offer thread.
        const text = notificationText(
          { kind: 'offer_to_likers', amountCents: 2000, from: await sellerName() },
          'Teak side table',
        );
        expect(text).toBe(`${await sellerName()} offered $20.00 on “Teak side table”`);
        const notices = (await notificationsOf(t, liker.token)).items.filter((n) => n.text === text);
        expect(notices.map((n) => n.link)).toEqual([offerThreadPath(thread[0]?.threadKey ?? '')]);
      }
      // The seller, who made it, is not told of their own offer.
      expect((await notificationsOf(t, seller.token)).items.filter((n) => n.text.includes('Teak side table'))).toEqual(
        [],
      );
      // Pushed to the liker's browser by the notifications' delivery job.
      await runDueJobs(t);
      const push = await pushService.next();
      expect(push.path).toBe('/push/liker');
      const firstThread = (await listOffers(t, first.token, refnum)).body.data.offers.content[0];
      expect(JSON.parse(browser.decrypt(push.body))).toEqual({
        title: 'An offer on an item you saved',
        body: `${await sellerName()} offered $20.00 on “Teak side table”`,
        url: offerThreadPath(firstThread?.threadKey ?? ''),
      });
      expect(second.userRefnum).not.toBe(first.userRefnum);
    } finally {
      tls.setDefaultCACertificates(defaults);
      await pushService.close();
    }
  });

  it('skips a liker with an open offer on the listing, the seller themself, and on a members-only listing whoever is not a member', async () => {
    const [plain, bidder] = (await people(2)) as [LoginData, LoginData];
    const refnum = await likedListing([plain, bidder]);
    expect((await makeOffer(t, bidder.token, refnum, 1800)).status).toBe(200);
    // Spec: a seller cannot favourite their own listing; a row of it (written straight) is skipped all the same.
    const [listing] = await t.database.db.select().from(listings).where(eq(listings.refnum, refnum));
    await t.database.db.insert(favourites).values({ userId: await userIdOf(t, seller), listingId: listing?.id ?? 0 });

    const res = await offerToLikers(seller.token, { listingRefnum: refnum, offerPrice: 2000 });
    expect(res.body.data).toEqual({ offered: 1 });
    const on = await offersOn(refnum);
    expect(on.map((o) => [o.buyerRefnum, o.priceCents]).sort()).toEqual(
      [
        [bidder.userRefnum, 1800],
        [plain.userRefnum, 2000],
      ].sort(),
    );

    // A members-only listing: a liker who is no longer a member (their heart stays) is not offered it.
    const organisation = await b2bOrganisation(t);
    const memberSeller = await memberOf(t, organisation, 'member-seller');
    const member = await memberOf(t, organisation, 'member-liker');
    const outsider = await signedUp(t, freshEmail('outsider'));
    const ours = await organisationListing(t, memberSeller, organisation, 'Office chair', TAKES_OFFERS);
    await heart(member, ours);
    const [orgListing] = await t.database.db.select().from(listings).where(eq(listings.refnum, ours));
    await t.database.db
      .insert(favourites)
      .values({ userId: await userIdOf(t, outsider), listingId: orgListing?.id ?? 0 });
    const sent = await offerToLikers(memberSeller.token, { listingRefnum: ours, offerPrice: 2000 });
    expect(sent.body.data).toEqual({ offered: 1 });
    expect((await offersOn(ours)).map((o) => o.buyerRefnum)).toEqual([member.userRefnum]);
  });

  it('is for the signed-in seller of the listing only', async () => {
    const [liker] = (await people(1)) as [LoginData];
    const refnum = await likedListing([liker]);
    expect((await offerToLikers(undefined, { listingRefnum: refnum, offerPrice: 2000 })).status).toBe(401);
    const notSeller = await offerToLikers(liker.token, { listingRefnum: refnum, offerPrice: 2000 });
    expect(notSeller.status).toBe(403);
    expect(notSeller.body.msg).toBe(offerToLikersMessages.notSeller);
    expect((await likersOf(liker.token, refnum)).status).toBe(403);
    const missing = await offerToLikers(seller.token, { listingRefnum: newRefnum('listing'), offerPrice: 2000 });
    expect(missing.status).toBe(404);
    expect(await offersOn(refnum)).toEqual([]);
  });

  it('refuses a price not below the current one, or not in whole cents, on offerPrice', async () => {
    const [liker] = (await people(1)) as [LoginData];
    const refnum = await likedListing([liker]);
    for (const offerPrice of [2500, 2600]) {
      const res = await offerToLikers(seller.token, { listingRefnum: refnum, offerPrice });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'offerPrice', message: offerToLikersNotBelowMessage(2500) }]);
      expect(res.body.msg).toBe('An offer to likers must be below the listing price of $25.00');
    }
    for (const offerPrice of [0, 12.5, '2000', null]) {
      const res = await offerToLikers(seller.token, { listingRefnum: refnum, offerPrice });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'offerPrice', message: offerMessages.invalidPrice }]);
    }
    expect(await offersOn(refnum)).toEqual([]);
  });

  it("refuses a listing that takes no offers (409, the listing's reason)", async () => {
    const [liker] = (await people(1)) as [LoginData];
    const buyNow = await likedListing([liker]);
    await setBuyNow(t, buyNow, true);
    const refusedBuyNow = await offerToLikers(seller.token, { listingRefnum: buyNow, offerPrice: 2000 });
    expect([refusedBuyNow.status, refusedBuyNow.body.msg]).toEqual([409, offerMessages.buyNowOnly]);

    const paused = await likedListing([liker]);
    const toggled = await call(t, 'POST', '/svc/listing/toggle-active-status', seller.token, { listingRefnum: paused });
    expect(toggled.status).toBe(200);
    const refusedPaused = await offerToLikers(seller.token, { listingRefnum: paused, offerPrice: 2000 });
    expect([refusedPaused.status, refusedPaused.body.msg]).toEqual([409, listingClosedToOffers.paused]);
    expect([...(await offersOn(buyNow)), ...(await offersOn(paused))]).toEqual([]);
  });

  it('refuses a listing nobody saved, and one whose likers all have an open offer (the day is not spent)', async () => {
    const lonely = await listingTakingOffers(t, seller.token);
    const none = await offerToLikers(seller.token, { listingRefnum: lonely, offerPrice: 2000 });
    expect([none.status, none.body.msg]).toEqual([409, offerToLikersMessages.noLikers]);
    expect((await likersOf(seller.token, lonely)).body.data).toEqual({ likers: 0, nextOfferAt: null });

    const [bidder, later] = (await people(2)) as [LoginData, LoginData];
    const refnum = await likedListing([bidder]);
    expect((await makeOffer(t, bidder.token, refnum, 1800)).status).toBe(200);
    const all = await offerToLikers(seller.token, { listingRefnum: refnum, offerPrice: 2000 });
    expect([all.status, all.body.msg]).toEqual([409, offerToLikersMessages.allOffered]);
    await heart(later, refnum);
    const sent = await offerToLikers(seller.token, { listingRefnum: refnum, offerPrice: 2000 });
    expect(sent.body.data).toEqual({ offered: 1 });
  });

  it('once per listing in 24 hours of the clock; a new liker then, and those whose offer expired, are offered again', async () => {
    const [first, second] = (await people(2)) as [LoginData, LoginData];
    const refnum = await likedListing([first]);
    const at = await advanceClock(t, 0);
    expect((await offerToLikers(seller.token, { listingRefnum: refnum, offerPrice: 2000 })).body.data).toEqual({
      offered: 1,
    });
    await heart(second, refnum);
    const again = await offerToLikers(seller.token, { listingRefnum: refnum, offerPrice: 1900 });
    expect([again.status, again.body.msg, again.body.error]).toEqual([
      409,
      offerToLikersMessages.onceADay,
      'offered_to_likers_today',
    ]);
    const { likers, nextOfferAt } = (await likersOf(seller.token, refnum)).body.data;
    expect(likers).toBe(2);
    const wait = new Date(nextOfferAt ?? 0).getTime() - at.getTime();
    expect(wait).toBeGreaterThanOrEqual(24 * 3_600_000);
    expect(wait).toBeLessThan(24 * 3_600_000 + 60_000);
    // Another listing of the seller's is its own: its day is not this one's.
    const other = await likedListing([second]);
    expect((await offerToLikers(seller.token, { listingRefnum: other, offerPrice: 2000 })).status).toBe(200);

    await advanceKeepingSignedIn(t, 24 * 60 - 1, [seller, first, second]);
    expect((await offerToLikers(seller.token, { listingRefnum: refnum, offerPrice: 1900 })).status).toBe(409);
    await advanceKeepingSignedIn(t, 1, [seller, first, second]);
    expect((await likersOf(seller.token, refnum)).body.data.nextOfferAt).toBeNull();
    const next = await offerToLikers(seller.token, { listingRefnum: refnum, offerPrice: 1900 });
    expect(next.body.data).toEqual({ offered: 2 });
    const on = await offersOn(refnum);
    expect(on.map((o) => [o.buyerRefnum, o.state, o.priceCents]).sort()).toEqual(
      [
        [first.userRefnum, 'expired', 2000],
        [first.userRefnum, 'pending', 1900],
        [second.userRefnum, 'pending', 1900],
      ].sort(),
    );
  });

  it('two presses at once: exactly one offers, the other is refused with 409', async () => {
    const likers = await people(3);
    const refnum = await likedListing(likers);
    const answers = await Promise.all([
      offerToLikers(seller.token, { listingRefnum: refnum, offerPrice: 2000 }),
      offerToLikers(seller.token, { listingRefnum: refnum, offerPrice: 1900 }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const won = answers.find((a) => a.status === 200);
    expect(won?.body.data).toEqual({ offered: 3 });
    expect(answers.find((a) => a.status === 409)?.body.msg).toBe(offerToLikersMessages.onceADay);
    const on = await offersOn(refnum);
    expect(on).toHaveLength(3);
    expect(new Set(on.map((o) => o.priceCents)).size).toBe(1);
  });
});

describe("a liker's answer", () => {
  it('accepting reserves the listing for them and declines the other likers’ offers; they pay it at the offered price', async () => {
    const [taker, other] = (await people(2)) as [LoginData, LoginData];
    const refnum = await likedListing([taker, other]);
    expect((await offerToLikers(seller.token, { listingRefnum: refnum, offerPrice: 1800 })).status).toBe(200);
    // The seller sent it: the seller cannot accept it, the liker can.
    const offer = await offerTo(taker, refnum);
    const bySeller = await acceptOffer(t, seller.token, offer.refnum);
    expect([bySeller.status, bySeller.body.msg]).toEqual([403, offerMessages.notReceiver]);
    const accepted = await acceptOffer(t, taker.token, offer.refnum);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data.offerStatus).toBe('accepted');
    const [row] = await t.database.db
      .select({ state: listings.state })
      .from(listings)
      .where(eq(listings.refnum, refnum));
    expect(row?.state).toBe('reserved');
    expect((await offerTo(other, refnum)).state).toBe('declined');

    const addressId = await savedAddress(t, taker.token);
    const intent = await authorisedIntent(t, taker.token, {
      listingRefnum: refnum,
      offerRefnum: offer.refnum,
      deliveryMethod: 'ship',
      addressId,
    });
    expect(intent.amount.itemPrice).toBe(1800);
    const placed = await placeOrder(t, taker.token, intent.paymentIntentId);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const [sold] = await t.database.db
      .select({ state: listings.state })
      .from(listings)
      .where(eq(listings.refnum, refnum));
    expect(sold?.state).toBe('sold');
  });

  it('a liker may counter it (as any received offer) and the seller answers the counter', async () => {
    const [liker] = (await people(1)) as [LoginData];
    const refnum = await likedListing([liker]);
    await offerToLikers(seller.token, { listingRefnum: refnum, offerPrice: 1800 });
    const offer = await offerTo(liker, refnum);
    const countered = await counterOffer(t, liker.token, offer.refnum, 1500);
    expect(countered.status, JSON.stringify(countered.body)).toBe(200);
    expect(countered.body.data).toMatchObject({ senderRefnum: liker.userRefnum, offerPrice: 1500 });
    expect((await acceptOffer(t, seller.token, countered.body.data.offerRefnum)).status).toBe(200);
  });

  it('unanswered for 24 hours it expires, and can no longer be accepted', async () => {
    const [liker] = (await people(1)) as [LoginData];
    const refnum = await likedListing([liker]);
    await offerToLikers(seller.token, { listingRefnum: refnum, offerPrice: 1800 });
    const offer = await offerTo(liker, refnum);
    await advanceKeepingSignedIn(t, 24 * 60 - 1, [seller, liker]);
    expect((await offerTo(liker, refnum)).state).toBe('pending');
    await advanceKeepingSignedIn(t, 1, [seller, liker]);
    expect((await offerTo(liker, refnum)).state).toBe('expired');
    const late = await acceptOffer(t, liker.token, offer.refnum);
    expect([late.status, late.body.error]).toEqual([409, 'offer_expired']);
    const [row] = await t.database.db
      .select({ state: listings.state })
      .from(listings)
      .where(and(eq(listings.refnum, refnum)));
    expect(row?.state).toBe('live');
  });
});
