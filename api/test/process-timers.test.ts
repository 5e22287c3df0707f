import type { LoginData } from '@yardly/shared/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, listings, offers, transitions } from '../src/db/schema/index';
import { authorisedIntent, placeOrder } from './checkout-helpers';
import { advanceClock, startTestApp, type TestApp } from './harness';
import { freshEmail, signedUp } from './identity-helpers';
import { acceptOffer, declineOffer, makeOffer } from './offer-helpers';
import { listingTakingOffers, publishedListing } from './selling-helpers';

// Timers are data and fire one way (ADR 0014): a transition that starts a timer queues its
// process's one job, `timer:<process>`; when due, the job asks the table and takes the event, or
// does nothing. The dev clock moves time: nothing here waits or sleeps.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/** A seller and a buyer signed up now (each test moves the clock past the last one's tokens). */
async function people(): Promise<{ seller: LoginData; buyer: LoginData }> {
  return { seller: await signedUp(t, freshEmail('seller')), buyer: await signedUp(t, freshEmail('buyer')) };
}

const MINUTE = 60_000;

async function listingNamed(refnum: string) {
  const [row] = await t.database.db.select().from(listings).where(eq(listings.refnum, refnum));
  if (!row) throw new Error(`no listing ${refnum}`);
  return row;
}

async function offerNamed(refnum: string) {
  const [row] = await t.database.db.select().from(offers).where(eq(offers.refnum, refnum));
  if (!row) throw new Error(`no offer ${refnum}`);
  return row;
}

async function timerJob(process: string, event: string, subjectId: number) {
  const rows = await t.database.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.name, `timer:${process}`), eq(jobs.key, `${event}:${subjectId}`)));
  expect(rows).toHaveLength(1);
  return rows[0];
}

async function logged(process: string, subjectId: number, event: string) {
  return t.database.db
    .select()
    .from(transitions)
    .where(and(eq(transitions.process, process), eq(transitions.subjectId, subjectId), eq(transitions.event, event)));
}

describe("a process's timer job", () => {
  it("is queued by the listing's publishing for its end and takes the expiry when due, not the sweep", async () => {
    const { seller } = await people();
    const refnum = await publishedListing(t, seller.token);
    const published = await listingNamed(refnum);
    const end = published.listingEnd as Date;
    const queued = await timerJob('listing', 'expire', published.id);
    expect(queued).toMatchObject({ state: 'queued', runAt: end });
    expect(queued?.payload).toEqual({ subjectId: published.id, event: 'expire', at: end.toISOString() });

    // Up to a minute before the end: the recurring safety net runs (and is next due 15 minutes on).
    const now = await advanceClock(t, 0);
    await advanceClock(t, Math.floor((end.getTime() - now.getTime()) / MINUTE) - 1);
    expect((await listingNamed(refnum)).state).toBe('live');
    // Two minutes on, only the timer is due.
    await advanceClock(t, 2);
    expect((await listingNamed(refnum)).state).toBe('expired');
    expect(await timerJob('listing', 'expire', published.id)).toMatchObject({ state: 'done', attempts: 1 });
    const log = await logged('listing', published.id, 'expire');
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ fromState: 'live', toState: 'expired', actorId: null, actorRole: 'system' });
  });

  it('does nothing when its subject moved on: a declined offer stays declined', async () => {
    const { seller, buyer } = await people();
    const listing = await listingTakingOffers(t, seller.token, { listingPrice: 3000 });
    const made = await makeOffer(t, buyer.token, listing, 2000);
    expect(made.status).toBe(200);
    const offer = await offerNamed(made.body.data.offerRefnum);
    expect(await timerJob('offer', 'expire', offer.id)).toMatchObject({ state: 'queued', runAt: offer.expiresAt });
    expect((await declineOffer(t, seller.token, offer.refnum)).status).toBe(200);

    await advanceClock(t, 24 * 60 + 1);
    expect(await timerJob('offer', 'expire', offer.id)).toMatchObject({ state: 'done', attempts: 1 });
    expect((await offerNamed(offer.refnum)).state).toBe('declined');
    expect(await logged('offer', offer.id, 'expire')).toEqual([]);
  });

  it("does nothing to an accepted offer its buyer paid for: the table's guard, not a check by hand", async () => {
    const { seller, buyer } = await people();
    const listing = await listingTakingOffers(t, seller.token, { listingPrice: 3000 });
    const made = await makeOffer(t, buyer.token, listing, 2500);
    const offerRefnum = made.body.data.offerRefnum;
    expect((await acceptOffer(t, seller.token, offerRefnum)).status).toBe(200);
    const offer = await offerNamed(offerRefnum);
    expect(await timerJob('offer', 'lapse', offer.id)).toMatchObject({ state: 'queued' });
    const intent = await authorisedIntent(t, buyer.token, {
      listingRefnum: listing,
      offerRefnum,
      deliveryMethod: 'pickup',
    });
    expect((await placeOrder(t, buyer.token, intent.paymentIntentId)).status).toBe(200);

    await advanceClock(t, 24 * 60 + 1);
    expect(await timerJob('offer', 'lapse', offer.id)).toMatchObject({ state: 'done', attempts: 1 });
    expect((await offerNamed(offerRefnum)).state).toBe('accepted');
    expect((await listingNamed(listing)).state).toBe('sold');
    expect(await logged('offer', offer.id, 'lapse')).toEqual([]);
  });
});
