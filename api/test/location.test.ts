import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index';
import { json, startTestApp, type TestApp } from './harness';
import { GOOD_PASSWORD, post, signedUp } from './identity-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const lookup = (zip: string) =>
  t.app.inject({ method: 'GET', url: `/svc/location/zip?zip=${encodeURIComponent(zip)}` });

describe('zip code lookup', () => {
  it("answers a US zip's place in the spec's shape", async () => {
    const res = await lookup('11215');
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      code: 200,
      data: {
        address: {
          country: 'United States',
          formattedAddress: 'Brooklyn, NY 11215, USA',
          latitude: expect.any(Number),
          longitude: expect.any(Number),
          state: 'New York',
          stateCode: 'NY',
          zip: '11215',
          city: 'Brooklyn',
        },
      },
    });
  });

  it("says 'Error fetching location details' for a zip that is not 5 digits", async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/svc/location/zip' });
    expect(json(missing)).toMatchObject({ code: 400, msg: 'Error fetching location details' });
    for (const zip of ['1121', '112155', 'abcde', '', "1'; drop"]) {
      const res = await lookup(zip);
      expect(res.statusCode, zip).toBe(400);
      expect(json(res)).toMatchObject({ code: 400, msg: 'Error fetching location details' });
    }
  });

  it("says 'Error fetching location details' for a zip that is not in the US table", async () => {
    const res = await lookup('00000');
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ code: 404, msg: 'Error fetching location details' });
  });
});

describe('nearest zip', () => {
  it("finds the zip whose centre is nearest to the browser's position", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/svc/location/nearest?lat=40.6721&lng=-73.9856' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ data: { address: { zip: string; city: string } } }>(res).data.address).toMatchObject({
      zip: '11215',
      city: 'Brooklyn',
    });
  });

  // Found by the contract fuzz (contract-fuzz.test.ts): this was a 500.
  it('answers a position given to 324 decimals (a subnormal number) like the point it rounds to', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/svc/location/nearest?lat=5e-324&lng=-4e-323' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ data: { address: { country: string } } }>(res).data.address.country).toBe('United States');
  });

  it('refuses a position off the globe', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/svc/location/nearest?lat=91&lng=0' });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ msg: 'lat: lat must be from -90 to 90' });
  });
});

describe('saving a location on the account', () => {
  it("keeps a signed-in person's zip and answers its place", async () => {
    const me = await signedUp(t);
    const res = await post(t, '/svc/users/update-location?zip=94103', undefined, me.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ data: { address: { formattedAddress: string } } }>(res).data.address.formattedAddress).toBe(
      'San Francisco, CA 94103, USA',
    );
    const [row] = await t.database.db.select().from(users).where(eq(users.refnum, me.userRefnum));
    expect(row?.zip).toBe('94103');
    // The next log in (another device) hands the place back with the login data.
    const login = await post(t, '/svc/users/login', { email: me.email, password: GOOD_PASSWORD });
    expect(json<{ data: { zip: string | null } }>(login).data.zip).toBe('94103');
  });

  it('refuses a guest and an unknown zip, and keeps the old zip', async () => {
    const guest = await post(t, '/svc/users/update-location?zip=94103', undefined);
    expect(guest.statusCode).toBe(401);
    const me = await signedUp(t);
    await post(t, '/svc/users/update-location?zip=10001', undefined, me.token);
    const bad = await post(t, '/svc/users/update-location?zip=00000', undefined, me.token);
    expect(json(bad)).toMatchObject({ msg: 'Error fetching location details' });
    const [row] = await t.database.db.select().from(users).where(eq(users.refnum, me.userRefnum));
    expect(row?.zip).toBe('10001');
  });
});
