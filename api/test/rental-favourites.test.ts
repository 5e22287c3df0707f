import type { LoginData } from '@yardly/shared/contract';
import { rentalMessages } from '@yardly/shared/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startTestApp, type TestApp } from './harness';
import { freshEmail, signedUp } from './identity-helpers';
import { getWith, insertedRental, postWith, setRentalState } from './rental-message-helpers';
import { type Envelope, publishedListing } from './selling-helpers';

// Issue 20 §3: saved rentals at /svc/rental/fav, the same calls as the sale favourites.

let t: TestApp;
let landlord: LoginData;
let tenant: LoginData;

beforeAll(async () => {
  t = await startTestApp({ env: { LOG_LEVEL: 'error' } });
  [landlord, tenant] = [await signedUp(t, freshEmail('fav-landlord')), await signedUp(t, freshEmail('fav-tenant'))];
});
afterAll(() => t?.close());

type Saved = {
  data: { refnum: string; title: string; available: boolean; address: string; state: string }[];
  number: number;
  size: number;
  totalElements: number;
  totalPages: number;
};

const save = (person: LoginData | undefined, refnum: string) =>
  postWith(t, person?.token, `/svc/rental/fav/create?refnum=${encodeURIComponent(refnum)}`);
const forget = (person: LoginData | undefined, refnum: string) =>
  postWith(t, person?.token, `/svc/rental/fav/delete?refnum=${encodeURIComponent(refnum)}`);
async function savedRefnums(person: LoginData) {
  const res = await getWith(t, person.token, '/svc/rental/fav/onlyRefnums');
  expect(res.statusCode, res.body).toBe(200);
  return json<Envelope<{ favRefnums: string[] }>>(res).data.favRefnums;
}
async function savedList(person: LoginData, query = '') {
  const res = await getWith(t, person.token, `/svc/rental/fav${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return json<Envelope<Saved>>(res).data;
}

describe('saving a place', () => {
  it('saves and forgets someone else’s place, each twice without change', async () => {
    const refnum = await insertedRental(t, landlord.userRefnum, { title: 'Brick townhouse' });
    for (let i = 0; i < 2; i++) {
      const res = await save(tenant, refnum);
      expect(json(res)).toEqual({ code: 200, data: { refnum, favourite: true } });
    }
    expect(await savedRefnums(tenant)).toEqual([refnum]);
    const list = await savedList(tenant);
    expect(list).toMatchObject({ number: 0, totalElements: 1, totalPages: 1 });
    expect(list.data[0]).toMatchObject({ refnum, title: 'Brick townhouse', available: true });
    // The hidden street line is not on a saved card.
    expect(list.data[0]?.address).toBe('New York, NY 10001');
    expect(JSON.stringify(list)).not.toContain('Hidden Lane');

    for (let i = 0; i < 2; i++) {
      const res = await forget(tenant, refnum);
      expect(json(res)).toEqual({ code: 200, data: { refnum, favourite: false } });
    }
    expect(await savedRefnums(tenant)).toEqual([]);
    expect((await savedList(tenant)).totalElements).toBe(0);
  });

  it('refuses your own place (400), an unknown, draft or deleted one (404), a signed-out caller (401), a bad refnum (400)', async () => {
    const own = await insertedRental(t, landlord.userRefnum);
    const ownRes = await save(landlord, own);
    expect(ownRes.statusCode).toBe(400);
    expect(json<Envelope>(ownRes).msg).toBe(rentalMessages.cannotFavouriteOwn);

    const draft = await insertedRental(t, landlord.userRefnum, { state: 'draft', listedAt: null });
    const deleted = await insertedRental(t, landlord.userRefnum, { state: 'deleted' });
    for (const refnum of ['P0000000000Z', draft, deleted]) {
      for (const call of [save, forget]) {
        const res = await call(tenant, refnum);
        expect(res.statusCode, refnum).toBe(404);
        expect(json<Envelope>(res).msg).toBe('Error fetching data, please try again');
      }
    }
    expect((await save(undefined, own)).statusCode).toBe(401);
    expect((await forget(undefined, own)).statusCode).toBe(401);
    expect((await getWith(t, undefined, '/svc/rental/fav')).statusCode).toBe(401);
    expect((await getWith(t, undefined, '/svc/rental/fav/onlyRefnums')).statusCode).toBe(401);
    expect((await save(tenant, 'not a refnum')).statusCode).toBe(400);
    expect((await postWith(t, tenant.token, '/svc/rental/fav/create')).statusCode).toBe(400);
    expect(await savedRefnums(landlord)).toEqual([]);
    expect(await savedRefnums(tenant)).toEqual([]);
  });

  it('keeps a saved place that became rented or deactivated (available false); drops one deleted', async () => {
    const person = await signedUp(t, freshEmail('fav-keeper'));
    const rented = await insertedRental(t, landlord.userRefnum, { title: 'Rented later' });
    const paused = await insertedRental(t, landlord.userRefnum, { title: 'Paused later' });
    const deleted = await insertedRental(t, landlord.userRefnum, { title: 'Deleted later' });
    for (const refnum of [rented, paused, deleted]) expect((await save(person, refnum)).statusCode).toBe(200);
    await setRentalState(t, rented, 'rented');
    await setRentalState(t, paused, 'paused');
    await setRentalState(t, deleted, 'deleted');

    const list = await savedList(person);
    expect(list.totalElements).toBe(2);
    expect(list.data.map((c) => [c.refnum, c.available, c.state])).toEqual([
      [paused, false, 'paused'],
      [rented, false, 'rented'],
    ]);
    expect(new Set(await savedRefnums(person))).toEqual(new Set([rented, paused]));
    // Still saved after a rented place is saved again (idempotent), and it can be forgotten.
    expect((await save(person, rented)).statusCode).toBe(200);
    expect((await forget(person, rented)).statusCode).toBe(200);
    expect(await savedRefnums(person)).toEqual([paused]);
  });

  it('newest saved first, in zero-based pages; each person sees only their own', async () => {
    const person = await signedUp(t, freshEmail('fav-pager'));
    const other = await signedUp(t, freshEmail('fav-other'));
    const refnums: string[] = [];
    for (const title of ['First', 'Second', 'Third']) {
      const refnum = await insertedRental(t, landlord.userRefnum, { title });
      refnums.push(refnum);
      expect((await save(person, refnum)).statusCode).toBe(200);
    }
    const page0 = await savedList(person, 'page=0&size=2');
    expect(page0).toMatchObject({ number: 0, size: 2, totalElements: 3, totalPages: 2 });
    expect(page0.data.map((c) => c.title)).toEqual(['Third', 'Second']);
    expect((await savedList(person, 'page=1&size=2')).data.map((c) => c.title)).toEqual(['First']);
    expect((await savedList(other)).totalElements).toBe(0);
    // Forgetting someone else's saved place changes nothing of theirs.
    expect((await forget(other, refnums[0] ?? '')).statusCode).toBe(200);
    expect((await savedList(person)).totalElements).toBe(3);
  });

  it('are not the sale favourites: neither list shows the other, nor takes the other’s refnum', async () => {
    const person = await signedUp(t, freshEmail('fav-both'));
    const seller = await signedUp(t, freshEmail('fav-seller'));
    const listingRefnum = await publishedListing(t, seller.token);
    const refnum = await insertedRental(t, landlord.userRefnum);
    expect((await postWith(t, person.token, `/svc/fav/create?listingRefnum=${listingRefnum}`)).statusCode).toBe(200);
    expect((await save(person, refnum)).statusCode).toBe(200);

    expect(await savedRefnums(person)).toEqual([refnum]);
    const sale = await getWith(t, person.token, '/svc/fav/onlyRefnums');
    expect(json<Envelope<{ favRefnums: string[] }>>(sale).data.favRefnums).toEqual([listingRefnum]);
    expect((await save(person, listingRefnum)).statusCode).toBe(404);
    expect((await postWith(t, person.token, `/svc/fav/create?listingRefnum=${refnum}`)).statusCode).toBe(404);
  });
});
