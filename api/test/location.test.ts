import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startTestApp, type TestApp } from './harness';

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
