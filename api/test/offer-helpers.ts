import type { LoginData, Offer, OfferThread } from '@yardly/shared/contract';
import { type OfferState, offerThreadKey } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/connect';
import { newRefnum } from '../src/db/refnum';
import { listings, offers, offerThreads, users } from '../src/db/schema/index';
import { advanceClock, json, type TestApp } from './harness';
import { auth, type Envelope } from './selling-helpers';

/**
 * An offer written straight to the tables (its thread made when missing), for tests of what
 * reads offers (delete guard, card counts, edit lock) without walking the offer calls.
 */
export async function insertOffer(
  db: Db,
  offer: { listingId: number; buyerId: number; state: OfferState; priceCents?: number; expiresAt?: Date },
) {
  const [listing] = await db
    .select({ refnum: listings.refnum, sellerId: listings.sellerId, sellerRefnum: users.refnum })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.sellerId))
    .where(eq(listings.id, offer.listingId));
  const [buyer] = await db.select({ refnum: users.refnum }).from(users).where(eq(users.id, offer.buyerId));
  if (!listing || !buyer) throw new Error('no such listing or buyer');
  const now = new Date();
  await db
    .insert(offerThreads)
    .values({
      key: offerThreadKey(listing.refnum, buyer.refnum, listing.sellerRefnum),
      listingId: offer.listingId,
      buyerId: offer.buyerId,
      sellerId: listing.sellerId,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  const [thread] = await db
    .select({ id: offerThreads.id })
    .from(offerThreads)
    .where(eq(offerThreads.key, offerThreadKey(listing.refnum, buyer.refnum, listing.sellerRefnum)));
  const [row] = await db
    .insert(offers)
    .values({
      refnum: newRefnum('offer'),
      threadId: thread?.id ?? 0,
      listingId: offer.listingId,
      buyerId: offer.buyerId,
      senderId: offer.buyerId,
      priceCents: offer.priceCents ?? 100,
      state: offer.state,
      expiresAt: offer.expiresAt ?? new Date(now.getTime() + 86_400_000),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('no offer');
  return row;
}

function post(t: TestApp, url: string, token: string | undefined, payload: unknown) {
  return t.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? auth(token) : {} });
}

export type Answer<T> = { status: number; body: Envelope<T> & { error?: string } };

async function answer<T>(res: Promise<{ statusCode: number; body: string }>): Promise<Answer<T>> {
  const r = await res;
  return { status: r.statusCode, body: json<Envelope<T> & { error?: string }>(r) };
}

export type OfferSummary = Pick<Offer, 'offerRefnum' | 'threadKey' | 'offerStatus' | 'offerPrice' | 'expiresAt'>;

export function makeOffer(t: TestApp, token: string | undefined, listingRefnum: string, offerPrice: unknown) {
  return answer<OfferSummary>(post(t, '/svc/offer/create/v2', token, { listingRefnum, offerPrice }));
}

export function counterOffer(t: TestApp, token: string | undefined, offerRefnum: string, offerPrice: unknown) {
  return answer<Offer>(post(t, '/svc/offer/counterOffer', token, { offerRefnum, offerPrice }));
}

export function acceptOffer(t: TestApp, token: string | undefined, offerRefnum: string) {
  return answer<Offer>(post(t, '/svc/offer/accept', token, { offerRefnum }));
}

export function declineOffer(t: TestApp, token: string | undefined, offerRefnum: string) {
  return answer<Offer>(post(t, '/svc/offer/decline', token, { offerRefnum }));
}

export function alreadyOffered(t: TestApp, token: string | undefined, listingRefnum: string) {
  return answer<{ alreadyOffered: boolean; offerRefnum: string | null }>(
    post(t, '/svc/listing/alreadyoffered', token, { listingRefnum }),
  );
}

export type OffersPage = {
  offers: { content: OfferThread[]; number: number; size: number; totalElements: number; totalPages: number };
};

export function listOffers(t: TestApp, token: string | undefined, listingRefnum: string, page = 0, size = 25) {
  return answer<OffersPage>(
    t.app.inject({
      method: 'GET',
      url: `/svc/offer/v2?listingRefnum=${listingRefnum}&page=${page}&size=${size}`,
      headers: token ? auth(token) : {},
    }),
  );
}

/**
 * Moves the dev clock (running what came due) and gives each person a fresh access token (they
 * live 15 minutes on the same clock), as a client's one refresh would.
 */
export async function advanceKeepingSignedIn(t: TestApp, minutes: number, people: LoginData[]): Promise<Date> {
  const now = await advanceClock(t, minutes);
  for (const person of people) await refreshed(t, person);
  return now;
}

/** Refreshes a person's tokens in place. */
export async function refreshed(t: TestApp, person: LoginData): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/svc/users/refreshToken',
    payload: { refreshToken: person.refreshToken },
  });
  if (res.statusCode !== 200) throw new Error(`refresh answered ${res.statusCode}: ${res.body}`);
  const data = json<{ data: { accessToken: string; refreshToken: string } }>(res).data;
  person.token = data.accessToken;
  person.refreshToken = data.refreshToken;
}
