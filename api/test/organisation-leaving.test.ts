import type { LoginData, Offer } from '@yardly/shared/contract';
import { notificationText, organisationFlowMessages } from '@yardly/shared/rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offers, transitions } from '../src/db/schema/index';
import { call } from './checkout-helpers';
import { runDueJobs, startTestApp, type TestApp } from './harness';
import {
  admin,
  b2bOrganisation,
  detail,
  memberOf,
  organisationListing,
  TAKES_OFFERS,
  type TestOrganisation,
  updateOrganisation,
  verifyWorkEmail,
} from './marketplace-helpers';
import { type Answer, acceptOffer, declineOffer, makeOffer, type OfferSummary } from './offer-helpers';
import { listingTakingOffers } from './selling-helpers';

/*
 * Leaving an organisation's marketplace (issue 23): a member whose work email moves to another
 * company, or every member of an organisation the console REJECTS or takes out of B2B, loses its
 * listings at once; the offers they left open there are cancelled by the platform, and the other
 * side is told.
 */

let t: TestApp;
let moderator: LoginData;
beforeAll(async () => {
  t = await startTestApp();
  moderator = await admin(t);
});
afterAll(() => t.close());

function orgSearch(person: LoginData, organisation: TestOrganisation) {
  return call<never>(t, 'POST', '/search/brp', person.token, { zip: '10001', orgRefnum: organisation.refnum });
}

async function offered(person: LoginData, listingRefnum: string, cents = 2000): Promise<string> {
  const res = await makeOffer(t, person.token, listingRefnum, cents);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as OfferSummary).offerRefnum;
}

async function offerState(offerRefnum: string) {
  const [row] = await t.database.db.select({ state: offers.state }).from(offers).where(eq(offers.refnum, offerRefnum));
  return row?.state;
}

/** The listing's state as its seller's item page reads it. */
async function listingState(listingRefnum: string, seller: LoginData) {
  const seen = await detail(t, listingRefnum, seller.token);
  return seen.body.data.listing?.listingState;
}

/** The texts of a person's in-app notifications, newest first. */
async function notificationTexts(person: LoginData): Promise<string[]> {
  const res: Answer<{ notifications: { content: { text: string }[] } }> = await call(
    t,
    'GET',
    '/svc/notifications?size=50',
    person.token,
  );
  return res.body.data.notifications.content.map((n) => n.text);
}

describe('a member whose work email moves to another company', () => {
  it('loses the marketplace at once, and the platform cancels their open offers there, telling the other side', async () => {
    const acme = await b2bOrganisation(t);
    const elsewhere = await b2bOrganisation(t);
    const seller = await memberOf(t, acme, 'seller');
    const leaver = await memberOf(t, acme, 'leaver');
    const colleague = await memberOf(t, acme, 'colleague');
    const lamp = await organisationListing(t, seller, acme, 'Brass desk lamp', TAKES_OFFERS);
    const chair = await organisationListing(t, seller, acme, 'Office chair', TAKES_OFFERS);
    const leaversOwn = await organisationListing(t, leaver, acme, 'Standing desk', TAKES_OFFERS);
    // Open as buyer (pending, and accepted: the chair is reserved for them), and as seller.
    const onLamp = await offered(leaver, lamp);
    const onChair = await offered(leaver, chair);
    expect((await acceptOffer(t, seller.token, onChair)).status).toBe(200);
    expect(await listingState(chair, seller)).toBe('reserved');
    const onDesk = await offered(colleague, leaversOwn);
    // A public-marketplace offer of the leaver's is none of this.
    const outsider = await memberOf(t, elsewhere, 'outsider');
    const publicItem = await listingTakingOffers(t, outsider.token);
    const onPublic = await offered(leaver, publicItem);

    await verifyWorkEmail(t, leaver, `leaver@${elsewhere.domain}`);

    // At once, before any job: the listing is gone, the organisation's search refused, the offers dead.
    expect((await detail(t, lamp, leaver.token)).body.data.itemAvailable).toBe(false);
    const search = await orgSearch(leaver, acme);
    expect(search.status).toBe(403);
    expect(search.body.msg).toBe(organisationFlowMessages.notMember);
    expect((await declineOffer(t, leaver.token, onLamp)).status).toBe(404);
    expect((await declineOffer(t, colleague.token, onDesk)).status).toBe(404);
    // Their own listing stays theirs to see.
    expect((await detail(t, leaversOwn, leaver.token)).body.data.itemAvailable).toBe(true);

    await runDueJobs(t);
    expect(await offerState(onLamp)).toBe('cancelled');
    expect(await offerState(onChair)).toBe('cancelled');
    expect(await offerState(onDesk)).toBe('cancelled');
    expect(await offerState(onPublic)).toBe('pending');
    // The reservation ended with the accepted offer: the chair is on sale to the members again.
    expect(await listingState(chair, seller)).toBe('live');
    const cancels = await t.database.db
      .select({ actorRole: transitions.actorRole, event: transitions.event })
      .from(transitions)
      .where(and(eq(transitions.process, 'offer'), eq(transitions.event, 'cancel')));
    expect(cancels.length).toBeGreaterThanOrEqual(3);
    expect(cancels.every((c) => c.actorRole === 'system')).toBe(true);
    // Told: the seller of each, and the buyer on the leaver's own listing.
    const told = (title: string) => notificationText({ kind: 'offer_withdrawn' }, title);
    expect(await notificationTexts(seller)).toEqual(
      expect.arrayContaining([told('Brass desk lamp'), told('Office chair')]),
    );
    expect(await notificationTexts(colleague)).toContain(told('Standing desk'));
    // The leaver's buying dashboard no longer lists the organisation's listings; the public one stays.
    const dashboard = await call<{ listings: { listingRefnum: string }[] }>(
      t,
      'POST',
      '/svc/listing/bybuyerrefnum/v2?buyFilter=CANCELLED&size=100',
      leaver.token,
    );
    expect(dashboard.body.data.listings.map((l) => l.listingRefnum)).toEqual([]);
    const open = await call<{ listings: { listingRefnum: string }[] }>(
      t,
      'POST',
      '/svc/listing/bybuyerrefnum/v2?buyFilter=OPEN_OFFFERS&size=100',
      leaver.token,
    );
    expect(open.body.data.listings.map((l) => l.listingRefnum)).toEqual([publicItem]);
    // The seller's page of offers shows it cancelled.
    const list = await call<{ offers: { content: Offer[] } }>(
      t,
      'GET',
      `/svc/offer/v2?listingRefnum=${lamp}`,
      seller.token,
    );
    expect(list.body.data.offers.content[0]?.offerStatus).toBe('cancelled');
  });

  it('keeps the offers of a person who verifies another address at the same company', async () => {
    const acme = await b2bOrganisation(t);
    const seller = await memberOf(t, acme, 'seller');
    const buyer = await memberOf(t, acme, 'buyer');
    const item = await organisationListing(t, seller, acme, 'Bookshelf', TAKES_OFFERS);
    const offer = await offered(buyer, item);
    await verifyWorkEmail(t, buyer, `new.address@${acme.domain}`);
    await runDueJobs(t);
    expect(await offerState(offer)).toBe('pending');
    expect((await detail(t, item, buyer.token)).body.data.itemAvailable).toBe(true);
  });
});

describe('an organisation whose marketplace the console closes', () => {
  for (const [how, change] of [
    ['REJECTED', { status: 'REJECTED' }],
    ['no longer B2B', { isB2B: false }],
  ] as const) {
    it(`${how}: every member loses it at once, and every open offer on its listings is cancelled`, async () => {
      const acme = await b2bOrganisation(t);
      const seller = await memberOf(t, acme, 'seller');
      const buyer = await memberOf(t, acme, 'buyer');
      const item = await organisationListing(t, seller, acme, 'Coffee grinder', TAKES_OFFERS);
      const offer = await offered(buyer, item);

      const res = await updateOrganisation(t, moderator, acme, change);
      expect(res.status, JSON.stringify(res.body)).toBe(200);

      for (const member of [seller, buyer]) expect((await orgSearch(member, acme)).status).toBe(403);
      expect((await detail(t, item, buyer.token)).body.data.itemAvailable).toBe(false);
      expect((await detail(t, item, seller.token)).body.data.itemAvailable).toBe(true);
      // REJECTED: its members may make no offer at all (403, issue 36); no longer B2B: the listing is gone for them.
      expect((await makeOffer(t, buyer.token, item, 1500)).status).toBe(how === 'REJECTED' ? 403 : 404);

      await runDueJobs(t);
      expect(await offerState(offer)).toBe('cancelled');
    });
  }

  it('a console change that leaves the marketplace open (a B2B organisation renamed) cancels nothing', async () => {
    const acme = await b2bOrganisation(t);
    const seller = await memberOf(t, acme, 'seller');
    const buyer = await memberOf(t, acme, 'buyer');
    const offer = await offered(buyer, await organisationListing(t, seller, acme, 'Kettle', TAKES_OFFERS));
    expect((await updateOrganisation(t, moderator, acme, { status: 'VERIFIED' })).status).toBe(200);
    await runDueJobs(t);
    expect(await offerState(offer)).toBe('pending');
  });
});
