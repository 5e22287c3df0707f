import type { RentalCard, RentalDetail, RentalProperties } from '@yardly/shared/contract';
import { DEFAULT_RENTAL_PROPERTIES, locationMessages, rentalMessages } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rentalReports, rentals, zipCodes } from '../src/db/schema/index';
import { advanceClock, json, startTestApp, type TestApp } from './harness';
import { signedUp } from './identity-helpers';
import { createRental, listedRental, rentalCall, rentalDraftRef, rentalForm } from './rental-helpers';
import type { Envelope } from './selling-helpers';
import { transitionLog } from './transition-helpers';

let t: TestApp;
let landlord: Awaited<ReturnType<typeof signedUp>>;
let tenant: Awaited<ReturnType<typeof signedUp>>;

beforeAll(async () => {
  t = await startTestApp();
  [landlord, tenant] = [await signedUp(t), await signedUp(t)];
});
afterAll(() => t.close());

const body = <T>(res: { body: string }) => json<Envelope<T>>(res);
type Page = { docs: RentalCard[]; totalElements: number; number: number; size: number };

const detail = (refnum: string, token?: string) =>
  rentalCall(t, 'GET', `/rental/listings/byListingRefnum?refnum=${refnum}`, token);
const byUser = (userRefnum: string, token?: string, extra = '') =>
  rentalCall(
    t,
    'GET',
    `/rental/listings/byUserRefnum?page=0&size=50&userRefnum=${userRefnum}&orderBy=14${extra}`,
    token,
  );
const recent = () => rentalCall(t, 'GET', '/rental/listings/recentItems?page=0&size=100');
const post = (path: string, payload: object, token?: string) =>
  rentalCall(t, 'POST', `/rental/listings/${path}`, token, payload);

/** The rental's logged transitions: event, from, to and the actor's role. */
async function logOf(refnum: string) {
  const [rental] = await t.database.db.select({ id: rentals.id }).from(rentals).where(eq(rentals.refnum, refnum));
  const log = await transitionLog(t, 'rental', rental?.id ?? -1);
  return log.map(({ actorId, ...step }) => step);
}

describe('creating a rental', () => {
  it('publishes a place with every fact, through the process with its log row', async () => {
    const refnum = await listedRental(t, landlord.token);
    expect(refnum).toMatch(/^P/);
    expect(await logOf(refnum)).toEqual([{ event: 'publish', from: 'draft', to: 'available', role: 'seller' }]);

    const res = await detail(refnum, tenant.token);
    expect(res.statusCode, res.body).toBe(200);
    const [zip] = await t.database.db.select().from(zipCodes).where(eq(zipCodes.zip, '10001'));
    expect(body<RentalDetail>(res).data).toMatchObject({
      refnum,
      title: 'Sunny two-bedroom near the park',
      expectedRent: 320_000,
      deposit: 320_000,
      bedrooms: 2,
      bathrooms: 1.5,
      squareFeet: 850,
      propertyType: 'apartment',
      leaseMonths: 12,
      cats: true,
      dogs: false,
      parking: 'street',
      laundry: 'in_building',
      availableFrom: '2026-12-01',
      available: true,
      rentalState: 'available',
      state: 'NY',
      city: 'New York',
      zip: '10001',
      address: 'New York, NY 10001',
      showStreet: false,
      line1: null,
      mine: false,
      landlord: { userRefnum: landlord.userRefnum },
      location: {
        latitude: Math.round((zip?.latitude ?? 0) * 100) / 100,
        longitude: Math.round((zip?.longitude ?? 0) * 100) / 100,
      },
    });
  });

  it('answers {refnum, state} at the path with the trailing slash too', async () => {
    const res = await rentalCall(
      t,
      'POST',
      '/rental/listings/create/',
      landlord.token,
      rentalForm(await rentalDraftRef(t, landlord.token)),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data).toEqual({ refnum: expect.stringMatching(/^P/), state: 'available' });
  });

  it('refuses broken fields with 400 and each field with its message', async () => {
    const ref = await rentalDraftRef(t, landlord.token);
    const cases: [Partial<ReturnType<typeof rentalForm>>, string, string][] = [
      [{ bedrooms: -1 }, 'bedrooms', rentalMessages.bedroomsInvalid],
      [{ bathrooms: 1.25 }, 'bathrooms', rentalMessages.bathroomsInvalid],
      [{ title: '  ' }, 'title', rentalMessages.titleRequired],
      [{ expectedRent: 0 }, 'expectedRent', rentalMessages.rentInvalid],
      [{ availableFrom: '2026-02-30' }, 'availableFrom', rentalMessages.availableFromInvalid],
      [{ propertyType: 'castle' }, 'propertyType', rentalMessages.propertyTypeRequired],
      [{ parking: 'helipad' }, 'parking', rentalMessages.parkingRequired],
      [{ laundry: 'river' }, 'laundry', rentalMessages.laundryRequired],
      [{ leaseMonths: 7 }, 'leaseMonths', rentalMessages.leaseRequired],
      [{ zip: '00001' }, 'zip', locationMessages.fetchError],
    ];
    for (const [override, field, message] of cases) {
      const res = await createRental(t, landlord.token, rentalForm(ref, override));
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(body(res).errors, field).toContainEqual({ field, message });
    }
    // Nothing was saved by any of them.
    const [row] = await t.database.db.select().from(rentals).where(eq(rentals.title, 'castle'));
    expect(row).toBeUndefined();
  });

  it('refuses a guest (401) and a form that is not the caller’s (403)', async () => {
    const ref = await rentalDraftRef(t, landlord.token);
    expect((await createRental(t, '', rentalForm(ref))).statusCode).toBe(401);
    const theirs = await createRental(t, tenant.token, rentalForm(ref));
    expect(theirs.statusCode).toBe(403);
    expect(body(theirs).msg).toBe(rentalMessages.notYours);
  });

  it('keeps a draft invisible to everyone but its landlord, until it is published', async () => {
    const refnum = await listedRental(t, landlord.token, { draft: true, title: 'Quiet studio (draft)' });
    expect(await logOf(refnum)).toEqual([]);
    for (const token of [tenant.token, undefined]) {
      const res = await detail(refnum, token);
      expect(res.statusCode).toBe(404);
      expect(body(res).msg).toBe(rentalMessages.notFound);
    }
    const own = await detail(refnum, landlord.token);
    expect(own.statusCode).toBe(200);
    expect(body<RentalDetail>(own).data).toMatchObject({ rentalState: 'draft', mine: true, available: false });

    const publicList = body<Page>(await byUser(landlord.userRefnum, tenant.token)).data.docs.map((c) => c.refnum);
    expect(publicList).not.toContain(refnum);
    const ownList = body<Page>(await byUser(landlord.userRefnum, landlord.token)).data.docs.map((c) => c.refnum);
    expect(ownList).toContain(refnum);
    expect(body<Page>(await recent()).data.docs.map((c) => c.refnum)).not.toContain(refnum);

    // Published later from a form opened for it.
    const edit = await createRental(t, landlord.token, rentalForm(await rentalDraftRef(t, landlord.token, refnum)));
    expect(edit.statusCode, edit.body).toBe(200);
    expect(body(edit).data).toEqual({ refnum, state: 'available' });
    expect(await logOf(refnum)).toEqual([{ event: 'publish', from: 'draft', to: 'available', role: 'seller' }]);
    expect((await detail(refnum, tenant.token)).statusCode).toBe(200);
  });

  it('edits the caller’s own listing with refnum, and refuses someone else’s (403)', async () => {
    const refnum = await listedRental(t, landlord.token);
    const ref = await rentalDraftRef(t, landlord.token);
    const res = await createRental(t, landlord.token, rentalForm(ref, { refnum, expectedRent: 295_000 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data).toEqual({ refnum, state: 'available' });
    expect(body<RentalDetail>(await detail(refnum)).data.expectedRent).toBe(295_000);

    const theirs = await createRental(
      t,
      tenant.token,
      rentalForm(await rentalDraftRef(t, tenant.token), { refnum, title: 'Hijacked' }),
    );
    expect(theirs.statusCode).toBe(403);
    expect(body(theirs).msg).toBe(rentalMessages.notYours);
    const opened = await rentalCall(
      t,
      'GET',
      `/rental/listings/inputSourceRandomRefnum?refnum=${refnum}`,
      tenant.token,
    );
    expect(opened.statusCode).toBe(403);
    expect(body<RentalDetail>(await detail(refnum)).data.title).toBe('Sunny two-bedroom near the park');
  });
});

describe('the street line', () => {
  it('never reaches the public when hidden: not in details, a landlord’s list or the recent rail', async () => {
    const street = '77 Hidden Lane, Unit 9';
    const refnum = await listedRental(t, landlord.token, { line1: street, showStreet: false });
    for (const res of [
      await detail(refnum),
      await detail(refnum, tenant.token),
      await byUser(landlord.userRefnum),
      await recent(),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('Hidden Lane');
    }
    expect(body<Page>(await recent()).data.docs.find((c) => c.refnum === refnum)?.address).toBe('New York, NY 10001');
    // Its landlord sees it.
    const own = body<RentalDetail>(await detail(refnum, landlord.token)).data;
    expect(own).toMatchObject({ line1: street, mine: true });
  });

  it('is shown when the landlord chose to show it', async () => {
    const refnum = await listedRental(t, landlord.token, { line1: '5 Open Street', showStreet: true });
    const seen = body<RentalDetail>(await detail(refnum)).data;
    expect(seen).toMatchObject({ line1: '5 Open Street', address: '5 Open Street, New York, NY 10001' });
  });
});

describe('landlord actions', () => {
  it('marks rented and available again, each with its log row; refuses what the process refuses (409)', async () => {
    const refnum = await listedRental(t, landlord.token);
    const rented = await post('available', { refnum, available: false }, landlord.token);
    expect(rented.statusCode, rented.body).toBe(200);
    expect(body(rented).data).toEqual({ refnum, available: false, state: 'rented' });
    expect(body<RentalDetail>(await detail(refnum)).data).toMatchObject({ available: false, rentalState: 'rented' });
    // Rented: still on the landlord's public list ('Rented'), off the recent rail.
    const publicList = body<Page>(await byUser(landlord.userRefnum)).data.docs;
    expect(publicList.find((c) => c.refnum === refnum)).toMatchObject({ available: false, rentalState: 'rented' });
    expect(body<Page>(await recent()).data.docs.map((c) => c.refnum)).not.toContain(refnum);

    const again = await post('available', { refnum, available: false }, landlord.token);
    expect(again.statusCode).toBe(409);
    expect(body(again).msg).toBe('This place is already rented');

    const back = await post('available', { refnum, available: true }, landlord.token);
    expect(body(back).data).toEqual({ refnum, available: true, state: 'available' });
    expect(await logOf(refnum)).toEqual([
      { event: 'publish', from: 'draft', to: 'available', role: 'seller' },
      { event: 'markRented', from: 'available', to: 'rented', role: 'seller' },
      { event: 'markAvailable', from: 'rented', to: 'available', role: 'seller' },
    ]);
  });

  it('relists a place as the newest, and deletes it', async () => {
    const refnum = await listedRental(t, landlord.token);
    await listedRental(t, landlord.token, { title: 'A newer place' });
    expect(body<Page>(await recent()).data.docs[0]?.refnum).not.toBe(refnum);
    await advanceClock(t, 1);
    const relisted = await post('relist', { refnum }, landlord.token);
    expect(relisted.statusCode, relisted.body).toBe(200);
    expect(body(relisted).data).toEqual({ refnum, available: true, state: 'available' });
    expect(body<Page>(await recent()).data.docs[0]?.refnum).toBe(refnum);

    const deleted = await post('delete', { refnum }, landlord.token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(body(deleted).data).toEqual({ refnum, state: 'deleted' });
    expect((await detail(refnum, tenant.token)).statusCode).toBe(404);
    expect((await detail(refnum, landlord.token)).statusCode).toBe(200);
    expect(body<Page>(await byUser(landlord.userRefnum, landlord.token)).data.docs.map((c) => c.refnum)).not.toContain(
      refnum,
    );
    const twice = await post('delete', { refnum }, landlord.token);
    expect(twice.statusCode).toBe(409);
    expect(body(twice).msg).toBe('This listing has been deleted');
    expect((await logOf(refnum)).map((row) => row.event)).toEqual(['publish', 'relist', 'delete']);
  });

  it('deactivates a place off the market and activates it again (toggle active); a rented one is not toggled', async () => {
    const refnum = await listedRental(t, landlord.token);
    const off = await post('toggle-active-status', { refnum }, landlord.token);
    expect(off.statusCode, off.body).toBe(200);
    expect(body(off).data).toEqual({ refnum, available: false, state: 'paused' });
    // Off the recent rail and the landlord's public list; its landlord still sees it, deactivated.
    expect(body<Page>(await recent()).data.docs.map((c) => c.refnum)).not.toContain(refnum);
    expect(body<Page>(await byUser(landlord.userRefnum)).data.docs.map((c) => c.refnum)).not.toContain(refnum);
    const own = body<Page>(await byUser(landlord.userRefnum, landlord.token)).data.docs;
    expect(own.find((c) => c.refnum === refnum)?.rentalState).toBe('paused');

    const on = await post('toggle-active-status', { refnum }, landlord.token);
    expect(body(on).data).toEqual({ refnum, available: true, state: 'available' });
    expect(body<Page>(await recent()).data.docs.map((c) => c.refnum)).toContain(refnum);

    await post('available', { refnum, available: false }, landlord.token);
    const rented = await post('toggle-active-status', { refnum }, landlord.token);
    expect(rented.statusCode).toBe(409);
    expect(body(rented).msg).toBe('This place is already rented');
    expect((await logOf(refnum)).map((row) => row.event)).toEqual(['publish', 'deactivate', 'activate', 'markRented']);
  });

  it('refuses someone else’s listing (403), a guest (401) and an unknown refnum (404)', async () => {
    const refnum = await listedRental(t, landlord.token);
    const calls: [string, object][] = [
      ['available', { refnum, available: false }],
      ['delete', { refnum }],
      ['relist', { refnum }],
      ['toggle-active-status', { refnum }],
    ];
    for (const [path, payload] of calls) {
      const theirs = await post(path, payload, tenant.token);
      expect(theirs.statusCode, path).toBe(403);
      expect(body(theirs).msg).toBe(rentalMessages.notYours);
      expect((await post(path, payload)).statusCode, path).toBe(401);
      const unknown = await post(path, { ...payload, refnum: 'P00000000000' }, landlord.token);
      expect(unknown.statusCode, path).toBe(404);
    }
    expect(body<RentalDetail>(await detail(refnum)).data.rentalState).toBe('available');
    expect(await logOf(refnum)).toHaveLength(1);
  });

  it('leaves one winner and a 409 when two presses mark the place rented at once', async () => {
    const refnum = await listedRental(t, landlord.token);
    const answers = await Promise.all([
      post('available', { refnum, available: false }, landlord.token),
      post('available', { refnum, available: false }, landlord.token),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await logOf(refnum)).filter((row) => row.event === 'markRented')).toHaveLength(1);
  });
});

describe('lists', () => {
  it('pages a landlord’s listings newest first, and oldest first when asked', async () => {
    const owner = await signedUp(t);
    const made: string[] = [];
    for (const title of ['First place', 'Second place', 'Third place']) {
      made.push(await listedRental(t, owner.token, { title }));
      await advanceClock(t, 1);
    }
    const first = body<Page>(
      await rentalCall(
        t,
        'GET',
        `/rental/listings/byUserRefnum?page=0&size=2&userRefnum=${owner.userRefnum}&orderBy=14&asc=false`,
      ),
    ).data;
    expect(first).toMatchObject({ totalElements: 3, number: 0, size: 2 });
    expect(first.docs.map((c) => c.title)).toEqual(['Third place', 'Second place']);
    const second = body<Page>(
      await rentalCall(t, 'GET', `/rental/listings/byUserRefnum?page=1&size=2&userRefnum=${owner.userRefnum}`),
    ).data;
    expect(second.docs.map((c) => c.title)).toEqual(['First place']);
    const oldest = body<Page>(await byUser(owner.userRefnum, undefined, '&asc=true')).data;
    expect(oldest.docs.map((c) => c.title)).toEqual(['First place', 'Second place', 'Third place']);
    // A paused one (the console's or a deactivation) is the landlord's only.
    await t.database.db
      .update(rentals)
      .set({ state: 'paused' })
      .where(eq(rentals.refnum, made[0] ?? ''));
    expect(body<Page>(await byUser(owner.userRefnum)).data.totalElements).toBe(2);
    expect(body<Page>(await byUser(owner.userRefnum, owner.token)).data.totalElements).toBe(3);
    expect((await byUser('U00000000000')).statusCode).toBe(404);
  });
});

describe('reports', () => {
  it('files one report per person and listing, never on your own', async () => {
    const refnum = await listedRental(t, landlord.token);
    const report = { refnum, reason: 'scam', details: 'Asks for a deposit by wire before any viewing' };
    const res = await post('reports', report, tenant.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data).toEqual({ reported: true });
    const again = await post('reports', { ...report, reason: 'other' }, tenant.token);
    expect(again.statusCode).toBe(409);
    expect(body(again).msg).toBe(rentalMessages.alreadyReported);
    const own = await post('reports', report, landlord.token);
    expect(own.statusCode).toBe(400);
    expect(body(own).msg).toBe(rentalMessages.ownListing);
    const unknown = await post('reports', { ...report, refnum: 'P00000000000' }, tenant.token);
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown).msg).toBe(rentalMessages.notFound);
    expect((await post('reports', report)).statusCode).toBe(401);
    const [rental] = await t.database.db.select().from(rentals).where(eq(rentals.refnum, refnum));
    const rows = await t.database.db
      .select()
      .from(rentalReports)
      .where(eq(rentalReports.rentalId, rental?.id ?? -1));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reason: 'scam', status: 'open' });
  });

  it('cannot report a draft someone else cannot see', async () => {
    const refnum = await listedRental(t, landlord.token, { draft: true });
    const res = await post('reports', { refnum, reason: 'scam' }, tenant.token);
    expect(res.statusCode).toBe(404);
  });
});

describe('properties', () => {
  it('answers the attribute lists by kind, in position order', async () => {
    const res = await rentalCall(t, 'GET', '/rental/properties');
    expect(res.statusCode).toBe(200);
    const lists = body<RentalProperties>(res).data;
    expect(lists.propertyType.map((o) => o.value)).toEqual(DEFAULT_RENTAL_PROPERTIES.propertyType.map((o) => o.value));
    expect(lists.leaseMonths[0]).toEqual({ value: '1', label: 'Month to month' });
    expect(Object.keys(lists).sort()).toEqual(['laundry', 'leaseMonths', 'parking', 'propertyType']);
  });
});

describe('unknown listing', () => {
  it('answers 404 with the spec’s words', async () => {
    const res = await detail('P00000000000');
    expect(res.statusCode).toBe(404);
    expect(body(res).msg).toBe('Error fetching data, please try again');
  });
});
