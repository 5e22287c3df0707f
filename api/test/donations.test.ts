import { donationCalls, type ListingCard, type LoginData } from '@yardly/shared/contract';
import { cardBadge, donationMessages, wrongPickupZipMessage } from '@yardly/shared/rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, donationOrders, listings, notifications, transitions } from '../src/db/schema/index';
import { call, HOME } from './checkout-helpers';
import { callUrl } from './contract-calls';
import {
  addPickupAddress,
  confirmBody,
  confirmDonation,
  confirmed,
  DONATION_ON,
  deleteDonationPicture,
  donationListing,
  donationOf,
  donationStep,
  ITEM_ZIP,
  memberOf,
  organisation,
  placeDonation,
  recipient,
  requested,
  saveDonationPicture,
  uploadDonationPicture,
} from './donation-helpers';
import { advanceClock, json, startTestApp, type TestApp } from './harness';
import { freshEmail, outbox, signedUp, userIdOf } from './identity-helpers';
import { noticeTextsOf } from './notification-helpers';
import { advanceSignedIn } from './return-helpers';
import { signedUpPeople, withRoles } from './role-helpers';
import { publishedListing } from './selling-helpers';

let t: TestApp;
let donor: LoginData;
let charityMember: LoginData;
let otherMember: LoginData;
let stranger: LoginData;
let admin: LoginData;
let charityName: string;

beforeAll(async () => {
  t = await startTestApp(DONATION_ON);
  const charity = await organisation(t, { name: `Coats for All ${Date.now()}` });
  charityName = charity.name;
  donor = await signedUp(t, freshEmail('donor'));
  charityMember = await memberOf(t, charity.domain, 'recipient');
  otherMember = await recipient(t, 'second');
  ({ stranger, admin } = await signedUpPeople(t, 'stranger', 'admin'));
});
afterAll(() => t?.close());

async function listingState(listingRefnum: string) {
  const [row] = await t.database.db
    .select({ state: listings.state })
    .from(listings)
    .where(eq(listings.refnum, listingRefnum));
  return row?.state;
}

/** The donor's card of a listing, as their selling page shows it. */
async function donorCard(listingRefnum: string): Promise<ListingCard | undefined> {
  const res = await call<{ listings: ListingCard[] }>(
    t,
    'POST',
    `/svc/listing/bysellerrefnum/v2?sellerRefnum=${donor.userRefnum}&size=100`,
    donor.token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.listings.find((l) => l.listingRefnum === listingRefnum);
}

const refusal = (answer: { status: number; body: { msg?: string } }) => [answer.status, answer.body.msg];

describe('login data', () => {
  it('says a member of a verified charity may request donations, and nobody else', async () => {
    expect(charityMember.isDonationRecipient).toBe(true);
    expect(donor.isDonationRecipient).toBe(false);
    const company = await organisation(t, { kind: 'company' });
    expect((await memberOf(t, company.domain, 'employee')).isDonationRecipient).toBe(false);
    const inReview = await organisation(t, { status: 'IN_REVIEW' });
    expect((await memberOf(t, inReview.domain, 'pending')).isDonationRecipient).toBe(false);
  });
});

describe('a donation from the request to Donated', () => {
  it('finds the coat near the zip, requests it, confirms the pickup, receives it and mails the receipt', async () => {
    const listingRefnum = await donationListing(t, donor.token);

    const near = await call<{ docs: (ListingCard & { distanceMiles: number | null })[] }>(
      t,
      'GET',
      `/svc/listing/donations?zip=${ITEM_ZIP}&d=10`,
      charityMember.token,
    );
    expect(near.status, JSON.stringify(near.body)).toBe(200);
    const found = near.body.data.docs.find((d) => d.listingRefnum === listingRefnum);
    expect(found).toMatchObject({ isDonation: true, listingCurrentPrice: 0, distanceMiles: 0 });

    const placed = await requested(t, charityMember, listingRefnum);
    expect(placed.donationOrderId).toMatch(/^G[0-9A-Z]{11}$/);
    expect(await listingState(listingRefnum)).toBe('reserved');
    // The donor is told who asked, for which charity, and where to confirm.
    // ... and mailed it with their other notices, within the minute.
    await advanceClock(t, 1);
    expect((await outbox(t, donor.email)).some((mail) => mail.text.includes(`for ${charityName}`))).toBe(true);
    expect(
      (await noticeTextsOf(t, donor)).some((text) => text.includes(charityName) && text.includes('Warm winter coat')),
    ).toBe(true);
    const thread = await call(t, 'GET', `/svc/messages/${placed.conversationId}`, donor.token);
    const firstLine = JSON.stringify(thread.body);
    expect(firstLine).toContain(`requested this donation for ${charityName}. Please confirm a pickup address`);
    // The donor's notice leads to the confirmation page.
    const links = await t.database.db
      .select({ link: notifications.link })
      .from(notifications)
      .where(eq(notifications.userId, await userIdOf(t, donor)));
    expect(links.map((row) => row.link)).toContain(
      `/confirm-donation?listingRefnum=${listingRefnum}&donarRefnum=${donor.userRefnum}&recipientRefnum=${charityMember.userRefnum}&itemZip=${ITEM_ZIP}`,
    );

    const asDonor = await donationOf(t, donor.token, listingRefnum);
    expect(asDonor.status).toBe(200);
    expect(asDonor.body.data).toMatchObject({
      donationOrderId: placed.donationOrderId,
      role: 'donor',
      state: 'requested',
      itemZip: ITEM_ZIP,
      organizationName: charityName,
      donarRefnum: donor.userRefnum,
      recipientRefnum: charityMember.userRefnum,
      conversationId: placed.conversationId,
      messagesPath: `/myquest/messages/${listingRefnum}_${donor.userRefnum}_${charityMember.userRefnum}`,
      actions: ['confirmPickup', 'cancel'],
      pickupAddress: null,
    });
    expect(asDonor.body.data.confirmBy).not.toBeNull();

    const done = await confirmed(t, donor, charityMember, listingRefnum);
    expect(done).toMatchObject({ state: 'pickupConfirmed', confirmBy: null, pickupAddress: { zip: ITEM_ZIP } });
    expect(await noticeTextsOf(t, charityMember)).toContainEqual(
      expect.stringContaining('confirmed the pickup address'),
    );

    const pickedUp = await donationStep(t, charityMember.token, 'picked-up', placed.donationOrderId);
    expect(pickedUp.status, JSON.stringify(pickedUp.body)).toBe(200);
    expect(pickedUp.body.data).toMatchObject({ state: 'pickedUp', role: 'recipient', actions: ['receive'] });

    const received = await donationStep(t, charityMember.token, 'received', placed.donationOrderId);
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(received.body.data).toMatchObject({ state: 'received', stateLabel: 'Received by the charity', actions: [] });
    expect(received.body.data.receivedAt).not.toBeNull();

    expect(await listingState(listingRefnum)).toBe('donated');
    const card = await donorCard(listingRefnum);
    expect(card).toMatchObject({ saleType: 1, listingCurrentPrice: 0 });
    expect(cardBadge({ ...(card as ListingCard), priceCents: 0, isOwner: true })).toBe('Donated');

    const [receipt] = (await outbox(t, donor.email)).filter((mail) => mail.subject.includes('donation receipt'));
    expect(receipt?.subject).toBe('Your Yardly donation receipt: Warm winter coat');
    expect(receipt?.text).toContain('Item: Warm winter coat');
    expect(receipt?.text).toContain(`Received by: ${charityName}`);
    expect(receipt?.text).toMatch(/Date: [A-Z][a-z]+ \d{1,2}, \d{4}/);

    const steps = await t.database.db
      .select({ event: transitions.event, to: transitions.toState })
      .from(transitions)
      .innerJoin(donationOrders, eq(donationOrders.id, transitions.subjectId))
      .where(and(eq(transitions.process, 'donation'), eq(donationOrders.refnum, placed.donationOrderId)))
      .orderBy(transitions.id);
    expect(steps).toEqual([
      { event: 'request', to: 'requested' },
      { event: 'confirmPickup', to: 'pickupConfirmed' },
      { event: 'pickUp', to: 'pickedUp' },
      { event: 'receive', to: 'received' },
    ]);
    // Given: a second request is refused in the listing's words.
    expect(refusal(await placeDonation(t, otherMember.token, listingRefnum))).toEqual([
      409,
      donationMessages.notAvailable,
    ]);
  });
});

describe('who may request a donation', () => {
  it('refuses the listings and the request to anyone but a recipient', async () => {
    const listingRefnum = await donationListing(t, donor.token);
    const listed = await call(t, 'GET', `/svc/listing/donations?zip=${ITEM_ZIP}`, stranger.token);
    expect(refusal(listed)).toEqual([403, donationMessages.notRecipient]);
    expect(refusal(await placeDonation(t, stranger.token, listingRefnum))).toEqual([
      403,
      donationMessages.notRecipient,
    ]);
    const company = await organisation(t, { kind: 'company' });
    const employee = await memberOf(t, company.domain, 'employee');
    expect(refusal(await placeDonation(t, employee.token, listingRefnum))).toEqual([
      403,
      donationMessages.notRecipient,
    ]);
    expect((await placeDonation(t, undefined, listingRefnum)).status).toBe(401);
    expect(await listingState(listingRefnum)).toBe('live');
  });

  it('refuses a recipient their own donation', async () => {
    const own = await donationListing(t, charityMember.token, 'Box of novels');
    expect(refusal(await placeDonation(t, charityMember.token, own))).toEqual([403, donationMessages.ownItem]);
    expect(await listingState(own)).toBe('live');
  });

  it('refuses a listing that is not a donation (409) and one that does not exist (404)', async () => {
    const forSale = await publishedListing(t, donor.token);
    expect(refusal(await placeDonation(t, charityMember.token, forSale))).toEqual([409, donationMessages.notDonation]);
    expect((await placeDonation(t, charityMember.token, 'L0000000000Z')).status).toBe(404);
  });

  it('answers an unknown zip with the location message', async () => {
    const res = await call(t, 'GET', '/svc/listing/donations?zip=00000', charityMember.token);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.field).toBe('zip');
  });

  it('refuses a second request for the same item with a clear 409', async () => {
    const listingRefnum = await donationListing(t, donor.token);
    await requested(t, charityMember, listingRefnum);
    expect(refusal(await placeDonation(t, otherMember.token, listingRefnum))).toEqual([
      409,
      donationMessages.alreadyRequested,
    ]);
  });

  it('leaves exactly one winner when two recipients request the item at once', async () => {
    const listingRefnum = await donationListing(t, donor.token);
    const answers = await Promise.all([
      placeDonation(t, charityMember.token, listingRefnum),
      placeDonation(t, otherMember.token, listingRefnum),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.msg).toBe(donationMessages.alreadyRequested);
    const orders = await t.database.db
      .select({ id: donationOrders.id })
      .from(donationOrders)
      .innerJoin(listings, eq(listings.id, donationOrders.listingId))
      .where(eq(listings.refnum, listingRefnum));
    expect(orders).toHaveLength(1);
  });
});

describe('the donation order', () => {
  it('is shown to its donor, its recipient and an admin, and does not exist for anyone else', async () => {
    const listingRefnum = await donationListing(t, donor.token);
    await requested(t, charityMember, listingRefnum);
    expect((await donationOf(t, charityMember.token, listingRefnum)).body.data.role).toBe('recipient');
    expect((await donationOf(t, admin.token, listingRefnum)).body.data).toMatchObject({
      role: 'admin',
      actions: ['cancel'],
    });
    const limited = await withRoles(t, await signedUp(t, freshEmail('limited')), ['ROLE_USER', 'ROLE_LIMITED_ADMIN']);
    expect((await donationOf(t, limited.token, listingRefnum)).body.data).toMatchObject({ role: 'admin', actions: [] });
    // To anyone else there is no order: as for an item nobody asked for (never an error: the item page asks on every view).
    for (const outsider of [stranger, otherMember]) {
      const seen = await donationOf(t, outsider.token, listingRefnum);
      expect([seen.status, seen.body.data]).toEqual([200, null]);
    }
    expect((await donationOf(t, undefined, listingRefnum)).status).toBe(401);
  });
});

describe('confirming the pickup address', () => {
  it("refuses an address away from the item's zip, on the field, in the spec's words", async () => {
    const listingRefnum = await donationListing(t, donor.token);
    await requested(t, charityMember, listingRefnum);
    const away = await addPickupAddress(t, donor.token, { zip: '10002' });
    expect(away.status).toBe(200);
    const res = await confirmDonation(
      t,
      donor.token,
      confirmBody(listingRefnum, donor, charityMember, away.body.data.id),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'donarAddressId', message: wrongPickupZipMessage(ITEM_ZIP) }]);
    expect(res.body.msg).toBe('Please select an address at zip code 10001');
    expect((await donationOf(t, donor.token, listingRefnum)).body.data.state).toBe('requested');
  });

  it('takes only an address of the donor, only from the donor, only for the named order', async () => {
    const listingRefnum = await donationListing(t, donor.token);
    await requested(t, charityMember, listingRefnum);
    const theirs = await addPickupAddress(t, stranger.token, { zip: ITEM_ZIP });
    const notTheirs = await confirmDonation(
      t,
      donor.token,
      confirmBody(listingRefnum, donor, charityMember, theirs.body.data.id),
    );
    expect(refusal(notTheirs)).toEqual([404, donationMessages.addressNotFound]);

    const mine = await addPickupAddress(t, donor.token, { zip: ITEM_ZIP });
    const byRecipient = await confirmDonation(
      t,
      charityMember.token,
      confirmBody(listingRefnum, donor, charityMember, mine.body.data.id),
    );
    expect(byRecipient.status).toBe(403);
    const wrongRecipient = await confirmDonation(
      t,
      donor.token,
      confirmBody(listingRefnum, donor, otherMember, mine.body.data.id),
    );
    expect(refusal(wrongRecipient)).toEqual([404, donationMessages.orderNotFound]);

    const ok = await confirmDonation(
      t,
      donor.token,
      confirmBody(listingRefnum, donor, charityMember, mine.body.data.id),
    );
    expect(ok.status).toBe(200);
    const again = await confirmDonation(
      t,
      donor.token,
      confirmBody(listingRefnum, donor, charityMember, mine.body.data.id),
    );
    expect(refusal(again)).toEqual([409, 'The pickup address is already confirmed']);
  });

  it('refuses a fifth pickup address with a 409, and saves nothing', async () => {
    const person = await signedUp(t, freshEmail('addresses'));
    for (let i = 0; i < 4; i++) {
      const added = await addPickupAddress(t, person.token, { line1: `${i + 1} Main St` });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      expect(added.body.data).toMatchObject({ line1: `${i + 1} Main St`, zip: HOME.zip, primary: i === 0 });
    }
    const fifth = await addPickupAddress(t, person.token, { line1: '5 Main St' });
    expect(refusal(fifth)).toEqual([409, donationMessages.tooManyPickupAddresses]);
    const saved = await t.database.db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, await userIdOf(t, person)));
    expect(saved).toHaveLength(4);
  });
});

describe('the steps of a donation', () => {
  it('lets only the recipient (or an admin) record the pickup, and only once the address is confirmed', async () => {
    const listingRefnum = await donationListing(t, donor.token);
    const { donationOrderId } = await requested(t, charityMember, listingRefnum);
    expect(refusal(await donationStep(t, charityMember.token, 'picked-up', donationOrderId))).toEqual([
      409,
      'This donation is still waiting for the donor',
    ]);
    await confirmed(t, donor, charityMember, listingRefnum);
    expect((await donationStep(t, donor.token, 'picked-up', donationOrderId)).status).toBe(403);
    expect(refusal(await donationStep(t, stranger.token, 'picked-up', donationOrderId))).toEqual([
      403,
      donationMessages.notYourDonation,
    ]);
    expect((await donationStep(t, donor.token, 'received', donationOrderId)).status).toBe(403);
    expect((await donationStep(t, charityMember.token, 'picked-up', 'G0000000000Z')).status).toBe(404);
    expect((await donationStep(t, charityMember.token, 'picked-up', donationOrderId)).status).toBe(200);
    // Picked up: it can no longer be cancelled.
    expect(refusal(await donationStep(t, donor.token, 'cancel', donationOrderId))).toEqual([
      409,
      'This donation has already been picked up',
    ]);
  });

  it('puts the item on offer again when the donor cancels, and tells the recipient', async () => {
    const listingRefnum = await donationListing(t, donor.token, 'Wool scarf');
    const { donationOrderId } = await requested(t, charityMember, listingRefnum);
    const cancelled = await donationStep(t, donor.token, 'cancel', donationOrderId);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ state: 'cancelled', role: 'donor', actions: [] });
    expect(await listingState(listingRefnum)).toBe('live');
    expect(await noticeTextsOf(t, charityMember)).toContainEqual('The donation of “Wool scarf” was cancelled.');
    // On offer again: another charity may ask for it.
    await requested(t, otherMember, listingRefnum);
  });

  it('lapses a request the donor leaves unconfirmed for seven days: the item is on offer again', async () => {
    const listingRefnum = await donationListing(t, donor.token, 'Rain jacket');
    const { donationOrderId } = await requested(t, charityMember, listingRefnum);
    await advanceSignedIn(t, 6 * 24 * 60, [donor, charityMember, otherMember]);
    expect((await donationOf(t, donor.token, listingRefnum)).body.data.state).toBe('requested');
    await advanceSignedIn(t, 24 * 60 + 1, [donor, charityMember, otherMember, stranger, admin]);
    const lapsed = await donationOf(t, donor.token, listingRefnum);
    expect(lapsed.body.data).toMatchObject({ donationOrderId, state: 'cancelled' });
    expect(lapsed.body.data.cancelledAt).not.toBeNull();
    expect(await listingState(listingRefnum)).toBe('live');
    expect(await noticeTextsOf(t, donor)).toContainEqual(
      expect.stringContaining('The request for “Rain jacket” lapsed'),
    );
    const steps = await t.database.db
      .select({ event: transitions.event, role: transitions.actorRole })
      .from(transitions)
      .innerJoin(donationOrders, eq(donationOrders.id, transitions.subjectId))
      .where(and(eq(transitions.process, 'donation'), eq(donationOrders.refnum, donationOrderId)));
    expect(steps.map((s) => `${s.event}:${s.role}`)).toEqual(['request:buyer', 'lapse:system']);
    await requested(t, otherMember, listingRefnum);
  });
});

describe('handover photos', () => {
  it('are added by the donor or the recipient, saved up to four, deleted by their uploader only', async () => {
    const listingRefnum = await donationListing(t, donor.token, 'Children books');
    const { donationOrderId } = await requested(t, charityMember, listingRefnum);
    const uploaded = await uploadDonationPicture(t, donor.token, donationOrderId);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const { resourcePath, url } = uploaded.body.data;
    expect(url).toBe(`/svc/files/${resourcePath}`);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    // Unsaved, it is not on the order yet.
    expect((await donationOf(t, donor.token, listingRefnum)).body.data.pictures).toEqual([]);

    const saved = await saveDonationPicture(t, donor.token, donationOrderId, resourcePath);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.pictures).toEqual([
      expect.objectContaining({ resourcePath, url, userRefnum: donor.userRefnum }),
    ]);

    // Someone else's order's photos: refused.
    expect((await uploadDonationPicture(t, stranger.token, donationOrderId)).status).toBe(403);
    expect((await saveDonationPicture(t, stranger.token, donationOrderId, resourcePath)).status).toBe(403);
    expect((await deleteDonationPicture(t, stranger.token, resourcePath)).status).toBe(403);
    expect((await deleteDonationPicture(t, charityMember.token, resourcePath)).status).toBe(403);

    for (let i = 0; i < 3; i++) {
      const more = await uploadDonationPicture(t, charityMember.token, donationOrderId);
      expect(
        (await saveDonationPicture(t, charityMember.token, donationOrderId, more.body.data.resourcePath)).status,
      ).toBe(200);
    }
    const fifth = await uploadDonationPicture(t, charityMember.token, donationOrderId);
    expect(
      refusal(await saveDonationPicture(t, charityMember.token, donationOrderId, fifth.body.data.resourcePath)),
    ).toEqual([409, donationMessages.tooManyPhotos]);

    const gone = await deleteDonationPicture(t, donor.token, resourcePath);
    expect(gone.status).toBe(200);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const after = await donationOf(t, charityMember.token, listingRefnum);
    expect(after.body.data.pictures.map((p) => p.userRefnum)).toEqual(Array(3).fill(charityMember.userRefnum));
    expect(refusal(await deleteDonationPicture(t, donor.token, resourcePath))).toEqual([
      404,
      donationMessages.photoNotFound,
    ]);
  });

  it('left unsaved for a day, are swept with their files; saved ones stay', async () => {
    const listingRefnum = await donationListing(t, donor.token, 'Wool scarves');
    const { donationOrderId } = await requested(t, charityMember, listingRefnum);
    const kept = (await uploadDonationPicture(t, donor.token, donationOrderId)).body.data;
    expect((await saveDonationPicture(t, donor.token, donationOrderId, kept.resourcePath)).status).toBe(200);
    const left = (await uploadDonationPicture(t, donor.token, donationOrderId)).body.data;
    await advanceSignedIn(t, 23 * 60, [donor, charityMember, otherMember, stranger, admin]);
    expect((await t.app.inject({ method: 'GET', url: left.url })).statusCode).toBe(200);
    await advanceSignedIn(t, 2 * 60, [donor, charityMember, otherMember, stranger, admin]);
    expect((await t.app.inject({ method: 'GET', url: left.url })).statusCode).toBe(404);
    expect(refusal(await saveDonationPicture(t, donor.token, donationOrderId, left.resourcePath))).toEqual([
      404,
      donationMessages.photoNotFound,
    ]);
    expect((await t.app.inject({ method: 'GET', url: kept.url })).statusCode).toBe(200);
    expect((await donationOf(t, donor.token, listingRefnum)).body.data.pictures.map((p) => p.resourcePath)).toEqual([
      kept.resourcePath,
    ]);
  });

  it('refuses a file that is not a photo', async () => {
    const listingRefnum = await donationListing(t, donor.token, 'Old atlas');
    const { donationOrderId } = await requested(t, charityMember, listingRefnum);
    const res = await uploadDonationPicture(t, donor.token, donationOrderId, Buffer.from('not an image at all'));
    expect(res.status).toBe(400);
  });
});

describe('with the donation flag off', () => {
  it('answers every donation call and the console resource with 404', async () => {
    const off = await startTestApp();
    try {
      const person = await signedUp(off, freshEmail('flagoff'));
      for (const call of Object.values(donationCalls)) {
        const res = await off.app.inject({
          method: call.method,
          url: `${callUrl(call)}?listingRefnum=L0000000000Z&zip=10001&donationOrderId=G0000000000Z&resourcePath=x`,
          headers: { authorization: `Bearer ${person.token}` },
          ...(call.method === 'POST' && { payload: {} }),
        });
        expect([call.path, res.statusCode]).toEqual([call.path, 404]);
      }
      const consoleAdmin = await withRoles(off, await signedUp(off, freshEmail('offadmin')), [
        'ROLE_USER',
        'ROLE_ADMIN',
      ]);
      for (const url of ['/svc/admin/donations', '/svc/admin/donations/G0000000000Z']) {
        const res = await off.app.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${consoleAdmin.token}` },
        });
        expect([url, res.statusCode]).toEqual([url, 404]);
      }
      expect(json<{ code: number }>(await off.app.inject({ method: 'GET', url: '/svc/donations' })).code).toBe(404);
      // Nobody may request donations that do not exist, a charity's member neither.
      const { domain } = await organisation(off);
      expect((await memberOf(off, domain, 'offcharity')).isDonationRecipient).toBe(false);
    } finally {
      await off.close();
    }
  });
});
