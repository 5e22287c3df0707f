import type { ListingCard } from '@yardly/shared/contract';
import { reportMessages } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingReports, listings } from '../src/db/schema/index';
import { json, startTestApp, type TestApp } from './harness';
import { signedUp } from './identity-helpers';
import { auth, type Envelope, publishedListing } from './selling-helpers';

let t: TestApp;
let seller: Awaited<ReturnType<typeof signedUp>>;
let buyer: Awaited<ReturnType<typeof signedUp>>;

beforeAll(async () => {
  t = await startTestApp();
  [seller, buyer] = [await signedUp(t), await signedUp(t)];
});
afterAll(() => t.close());

function call(method: 'GET' | 'POST', url: string, token?: string, payload?: object) {
  return t.app.inject({ method, url, payload, headers: token ? auth(token) : {} });
}

const body = <T>(res: { body: string }) => json<Envelope<T>>(res);

describe('favourites', () => {
  it('adds, lists newest first, reports refnums and removes', async () => {
    const first = await publishedListing(t, seller.token, { listingTitle: 'First' });
    const second = await publishedListing(t, seller.token, { listingTitle: 'Second' });
    expect((await call('POST', `/svc/fav/create?listingRefnum=${first}`, buyer.token)).statusCode).toBe(200);
    expect((await call('POST', `/svc/fav/create?listingRefnum=${second}`, buyer.token)).statusCode).toBe(200);
    // Twice is still once.
    expect((await call('POST', `/svc/fav/create?listingRefnum=${second}`, buyer.token)).statusCode).toBe(200);

    const ids = await call('GET', '/svc/fav/onlyRefnums', buyer.token);
    expect(body<{ favRefnums: string[] }>(ids).data.favRefnums.sort()).toEqual([first, second].sort());
    const list = await call('GET', '/svc/fav?page=0&size=10', buyer.token);
    expect(body<{ data: ListingCard[] }>(list).data).toMatchObject({
      number: 0,
      size: 10,
      totalElements: 2,
      totalPages: 1,
    });
    expect(body<{ data: ListingCard[] }>(list).data.data.map((c) => c.listingTitle)).toEqual(['Second', 'First']);

    expect((await call('POST', `/svc/fav/delete?listingRefnum=${first}`, buyer.token)).statusCode).toBe(200);
    const after = await call('GET', '/svc/fav/onlyRefnums', buyer.token);
    expect(body<{ favRefnums: string[] }>(after).data.favRefnums).toEqual([second]);
    // Someone else's favourites are their own.
    const theirs = await call('GET', '/svc/fav/onlyRefnums', seller.token);
    expect(body<{ favRefnums: string[] }>(theirs).data.favRefnums).toEqual([]);
  });

  it('refuses guests, your own listing, and listings nobody can see', async () => {
    const mine = await publishedListing(t, seller.token);
    expect((await call('POST', `/svc/fav/create?listingRefnum=${mine}`)).statusCode).toBe(401);
    const own = await call('POST', `/svc/fav/create?listingRefnum=${mine}`, seller.token);
    expect(own.statusCode).toBe(400);
    await t.database.db.update(listings).set({ state: 'paused' }).where(eq(listings.refnum, mine));
    expect((await call('POST', `/svc/fav/create?listingRefnum=${mine}`, buyer.token)).statusCode).toBe(404);
    expect((await call('GET', '/svc/fav/onlyRefnums')).statusCode).toBe(401);
  });
});

describe('reports', () => {
  it('files one report per person per listing, for the console queue', async () => {
    const refnum = await publishedListing(t, seller.token);
    const report = { listingRefnum: refnum, reason: 'scam', details: 'Asks for payment outside Yardly' };
    const res = await call('POST', '/svc/listing/reports/create', buyer.token, report);
    expect(res.statusCode, res.body).toBe(200);
    const again = await call('POST', '/svc/listing/reports/create', buyer.token, { ...report, reason: 'other' });
    expect(again.statusCode).toBe(409);
    expect(body(again).msg).toBe(reportMessages.alreadyReported);
    const rows = await t.database.db.select().from(listingReports);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reason: 'scam', details: 'Asks for payment outside Yardly', status: 'open' });
  });

  it('refuses your own listing, an unknown reason and guests', async () => {
    const refnum = await publishedListing(t, seller.token);
    const own = await call('POST', '/svc/listing/reports/create', seller.token, {
      listingRefnum: refnum,
      reason: 'scam',
    });
    expect(body(own)).toMatchObject({ code: 400, msg: reportMessages.ownListing });
    const bad = await call('POST', '/svc/listing/reports/create', buyer.token, {
      listingRefnum: refnum,
      reason: 'boring',
    });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).errors?.[0]).toEqual({ field: 'reason', message: reportMessages.chooseReason });
    expect(
      (await call('POST', '/svc/listing/reports/create', undefined, { listingRefnum: refnum, reason: 'scam' }))
        .statusCode,
    ).toBe(401);
  });
});
