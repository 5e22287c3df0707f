import type { LoginData } from '@yardly/shared/contract';
import { ADMIN_LISTING_EVENTS, type AdminListingEvent } from '@yardly/shared/contract';
import {
  adminEventsFor,
  can,
  LISTING_STATES,
  type ListingEvent,
  type ListingFacts,
  type ListingState,
  listingActionMessages,
  listingProcess,
  listingRefusalMessage,
  sellerEventsFor,
} from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings, users } from '../src/db/schema/index';
import { listingRunner } from '../src/modules/listings/process';
import { transition } from '../src/process/transition';
import { boughtNow } from './checkout-helpers';
import { insertListing } from './fixtures';
import { startTestApp, type TestApp } from './harness';
import { userIdOf } from './identity-helpers';
import { insertOffer } from './offer-helpers';
import { signedUpPeople } from './role-helpers';
import { auth, publishedListing } from './selling-helpers';
import { transitionLog } from './transition-helpers';

// "The seller sees the same actions the api allows": every state × role × event the api exposes
// is tried over HTTP and answers 2xx exactly when the listing process allows it.

let t: TestApp;
let seller: LoginData;
let sellerId: number;
let other: LoginData;
let admin: LoginData;

beforeAll(async () => {
  t = await startTestApp();
  ({ seller, other, admin } = await signedUpPeople(t, 'seller', 'other', 'admin'));
  sellerId = await userIdOf(t, seller);
});
afterAll(() => t?.close());

type Body = { code: number; msg?: string; error?: string; data?: { listingState?: string; state?: string } };
const json = (res: { body: string }) => JSON.parse(res.body) as Body;

/** A listing of the seller's in `state`, priced and with open offers as `facts` say. */
async function listingIn(state: ListingState, facts: ListingFacts) {
  const listing = await insertListing(t.database.db, sellerId, 'electronics', { state, priceCents: facts.priceCents });
  const [buyer] = await t.database.db.select().from(users).where(eq(users.refnum, other.userRefnum));
  for (let i = 0; i < facts.openOffers; i++) {
    await insertOffer(t.database.db, { listingId: listing.id, buyerId: buyer?.id ?? 0, state: 'pending' });
  }
  return listing;
}

async function stateOf(id: number) {
  const [row] = await t.database.db.select({ state: listings.state }).from(listings).where(eq(listings.id, id));
  return row?.state;
}

/** The seller's calls (spec section 8) and the event each takes on a listing. */
const SELLER_CALLS: {
  url: string;
  via: 'body' | 'query';
  event(state: ListingState, facts: ListingFacts): ListingEvent;
}[] = [
  { url: '/svc/listing/sold', via: 'body', event: (_, f) => (f.priceCents === 0 ? 'markDonated' : 'markSold') },
  {
    url: '/svc/listing/toggle-active-status',
    via: 'body',
    event: (state) => (state === 'paused' ? 'activate' : 'deactivate'),
  },
  { url: '/svc/listing/relist', via: 'body', event: () => 'relist' },
  { url: '/svc/listing/delete', via: 'query', event: () => 'delete' },
];

function sellerCall(call: (typeof SELLER_CALLS)[number], refnum: string, token: string) {
  return t.app.inject({
    method: 'POST',
    url: call.via === 'query' ? `${call.url}?listingRefnum=${refnum}` : call.url,
    payload: call.via === 'body' ? { listingRefnum: refnum } : undefined,
    headers: auth(token),
  });
}

function adminCall(event: AdminListingEvent, refnum: string, token: string) {
  if (event === 'remove')
    return t.app.inject({ method: 'DELETE', url: `/svc/admin/listings/${refnum}`, headers: auth(token) });
  return t.app.inject({
    method: 'PUT',
    url: `/svc/admin/listings/${refnum}`,
    payload: { status: 'active', deleted: false, featured: false, event },
    headers: auth(token),
  });
}

const FACTS: { name: string; facts: ListingFacts }[] = [
  { name: 'priced, no offers', facts: { priceCents: 2500, openOffers: 0 } },
  { name: 'free', facts: { priceCents: 0, openOffers: 0 } },
  { name: 'an offer waiting', facts: { priceCents: 2500, openOffers: 1 } },
];

describe.each(LISTING_STATES)('a %s listing', (state) => {
  it.each(FACTS)("the seller's calls succeed exactly as the process allows ($name)", async ({ facts }) => {
    const allowed: ListingEvent[] = [];
    for (const call of SELLER_CALLS) {
      const listing = await listingIn(state, facts);
      const event = call.event(state, facts);
      const verdict = can(listingProcess, state, event, 'seller', facts);
      const res = await sellerCall(call, listing.refnum, seller.token);
      if (verdict.ok) {
        expect(res.statusCode, `${event}: ${res.body}`).toBe(200);
        const to = listingProcess.events[event].to;
        expect(json(res).data?.listingState).toBe(to);
        expect(await stateOf(listing.id)).toBe(to);
        allowed.push(event);
      } else {
        expect(res.statusCode, `${event}: ${res.body}`).toBe(409);
        expect(json(res)).toMatchObject({ error: verdict.reason, msg: listingRefusalMessage(event, verdict.reason) });
        expect(await stateOf(listing.id)).toBe(state);
      }
    }
    // What the storefront offers (its buttons, publishing aside, which is the form's) is what the api allows.
    const offered = sellerEventsFor(state, facts).filter((e) => e !== 'publish');
    expect(allowed.sort()).toEqual([...offered].sort());
  });

  it("nobody else takes the seller's actions: 403, the listing untouched", async () => {
    const listing = await listingIn(state, { priceCents: 2500, openOffers: 0 });
    for (const call of SELLER_CALLS) {
      for (const who of [other, admin]) {
        expect((await sellerCall(call, listing.refnum, who.token)).statusCode).toBe(403);
      }
    }
    expect(await stateOf(listing.id)).toBe(state);
  });

  it("the console's events succeed exactly as the process allows a moderator", async () => {
    const facts = { priceCents: 2500, openOffers: 1 };
    const allowed: ListingEvent[] = [];
    for (const event of ADMIN_LISTING_EVENTS) {
      const listing = await listingIn(state, facts);
      const verdict = can(listingProcess, state, event, 'admin', facts);
      const res = await adminCall(event, listing.refnum, admin.token);
      if (verdict.ok) {
        expect(res.statusCode, `${event}: ${res.body}`).toBe(200);
        expect(await stateOf(listing.id)).toBe(listingProcess.events[event].to);
        allowed.push(event);
      } else {
        expect(res.statusCode, `${event}: ${res.body}`).toBe(409);
        expect(json(res).error).toBe(verdict.reason);
        expect(await stateOf(listing.id)).toBe(state);
      }
      // Sellers and other people are not moderators.
      for (const who of [seller, other])
        expect((await adminCall(event, listing.refnum, who.token)).statusCode).toBe(403);
    }
    expect(allowed.sort()).toEqual(adminEventsFor(state, facts).sort());
  });
});

describe('a live listing past its end, before its expiry timer has run', () => {
  it('answers every seller call as the expired listing it is', async () => {
    const facts = { priceCents: 2500, openOffers: 0 };
    for (const call of SELLER_CALLS) {
      const listing = await listingIn('live', facts);
      await t.database.db
        .update(listings)
        .set({ listingEnd: new Date(Date.now() - 1000) })
        .where(eq(listings.id, listing.id));
      const event = call.event('expired', facts);
      const verdict = can(listingProcess, 'expired', event, 'seller', facts);
      const res = await sellerCall(call, listing.refnum, seller.token);
      expect(res.statusCode, `${event}: ${res.body}`).toBe(verdict.ok ? 200 : 409);
      expect(await stateOf(listing.id)).toBe(verdict.ok ? listingProcess.events[event].to : 'expired');
    }
  });
});

describe('the process log', () => {
  it('the console names every event the process gives a moderator', () => {
    const adminEvents = (Object.keys(listingProcess.events) as ListingEvent[]).filter((e) =>
      listingProcess.events[e].by.includes('admin'),
    );
    expect([...ADMIN_LISTING_EVENTS].sort()).toEqual(adminEvents.sort());
  });

  it('writes who moved the listing, from which state to which, by which event', async () => {
    const listing = await listingIn('live', { priceCents: 2500, openOffers: 0 });
    await sellerCall(SELLER_CALLS[0] as (typeof SELLER_CALLS)[number], listing.refnum, seller.token);
    await adminCall('remove', listing.refnum, admin.token);
    expect(await transitionLog(t, 'listing', listing.id)).toEqual([
      { event: 'markSold', from: 'live', to: 'sold', actorId: sellerId, role: 'seller' },
      { event: 'remove', from: 'sold', to: 'deleted', actorId: await userIdOf(t, admin), role: 'admin' },
    ]);
  });

  it('takes an overdue expiry first, logged as the platform, before the seller acts', async () => {
    const listing = await listingIn('live', { priceCents: 2500, openOffers: 0 });
    await t.database.db
      .update(listings)
      .set({ listingEnd: new Date(Date.now() - 1000) })
      .where(eq(listings.id, listing.id));
    const res = await sellerCall(SELLER_CALLS[2] as (typeof SELLER_CALLS)[number], listing.refnum, seller.token);
    expect(json(res).data?.listingState).toBe('live');
    // The listing process's rows only: an order or offer may share the listing's row id.
    const log = await transitionLog(t, 'listing', listing.id);
    expect(log.map((r) => [r.event, r.from, r.to, r.role])).toEqual([
      ['expire', 'live', 'expired', 'system'],
      ['relist', 'expired', 'live', 'seller'],
    ]);
  });
});

describe('two transitions at once', () => {
  it('two mark-sold calls together: one 200, one 409 already_sold', async () => {
    const listing = await listingIn('live', { priceCents: 2500, openOffers: 0 });
    const call = SELLER_CALLS[0] as (typeof SELLER_CALLS)[number];
    const answers = await Promise.all([
      sellerCall(call, listing.refnum, seller.token),
      sellerCall(call, listing.refnum, seller.token),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.map((a) => json(a).error).filter(Boolean)).toEqual(['already_sold']);
    expect(await transitionLog(t, 'listing', listing.id)).toHaveLength(1);
  });

  it('a transition from a state read before another moved it: 409 with the reason of the state it is in', async () => {
    const listing = await listingIn('live', { priceCents: 2500, openOffers: 0 });
    const stale = { id: listing.id, state: 'live' as const };
    const actor = { userId: sellerId, role: 'seller' as const };
    const facts = { priceCents: 2500, openOffers: 0 };
    const now = t.app.clock.now();
    await t.database.db.transaction((tx) => transition(tx, listingRunner, stale, 'markSold', actor, { facts, now }));
    const second = t.database.db.transaction((tx) =>
      transition(tx, listingRunner, stale, 'deactivate', actor, { facts, now }),
    );
    await expect(second).rejects.toMatchObject({ status: 409, reason: 'already_sold' });
    expect(await stateOf(listing.id)).toBe('sold');
  });
});

describe('a listing has at most one open order (the exploration of its table found the way round)', () => {
  it('sold, deleted and restored while its order is in progress, it is not put on sale again', async () => {
    const refnum = await publishedListing(t, seller.token);
    await boughtNow(t, other.token, refnum);
    expect((await sellerCall(SELLER_CALLS[3] as (typeof SELLER_CALLS)[number], refnum, seller.token)).statusCode).toBe(
      200,
    );
    expect((await adminCall('restore', refnum, admin.token)).statusCode).toBe(200);
    const toggle = SELLER_CALLS[1] as (typeof SELLER_CALLS)[number];
    for (const res of [
      await sellerCall(toggle, refnum, seller.token),
      await adminCall('activate', refnum, admin.token),
    ]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(json(res)).toMatchObject({ error: 'order_in_progress', msg: listingActionMessages.orderInProgress });
    }
    const [row] = await t.database.db
      .select({ state: listings.state })
      .from(listings)
      .where(eq(listings.refnum, refnum));
    expect(row?.state).toBe('paused');
  });
});
