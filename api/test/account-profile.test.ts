import type { LoginData } from '@yardly/shared/contract';
import { pictureMessages, profileMessages } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings, users } from '../src/db/schema/index';
import { get, multipartFile, pngClaiming, uploadPicture } from './account-helpers';
import { insertListing } from './fixtures';
import { json, startTestApp, type TestApp } from './harness';
import { post, signedUp } from './identity-helpers';
import { gpsJpeg } from './selling-helpers';

let t: TestApp;
let ann: LoginData;
let bob: LoginData;

beforeAll(async () => {
  t = await startTestApp();
  ann = await signedUp(t);
  bob = await signedUp(t);
});
afterAll(() => t.close());

async function idOf(refnum: string) {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.refnum, refnum));
  if (!row) throw new Error('no user');
  return row.id;
}

const validProfile = { zip: '10001', alternateEmail: '', phoneNumber: '' };

describe('profiles', () => {
  it('shows a public profile without email or phone, and the owner everything in full-profile', async () => {
    const saved = await post(
      t,
      '/svc/account/updateProfile',
      { ...validProfile, phoneNumber: ' 5551234567 ', alternateEmail: 'other.ann@example.com' },
      ann.token,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const mine = json<{ data: { account: Record<string, unknown>; user: { location: string } } }>(saved).data;
    expect(mine.account).toMatchObject({
      phoneNumber: '5551234567',
      alternateEmail: 'other.ann@example.com',
      zip: '10001',
    });
    expect(mine.user.location).toBe('New York, NY');

    const res = await get(t, `/svc/users/profile?userRefnum=${ann.userRefnum}`, bob.token);
    expect(res.statusCode).toBe(200);
    const body = res.body;
    expect(json<{ data: { user: { name: string; location: string } } }>(res).data.user).toMatchObject({
      name: 'Ann Lee',
      location: 'New York, NY',
    });
    expect(body).not.toContain(ann.email);
    expect(body).not.toContain('5551234567');
    expect(body).not.toContain('other.ann');
    // Logged out too.
    expect((await get(t, `/svc/users/profile?userRefnum=${ann.userRefnum}`)).statusCode).toBe(200);
  });

  it.each(['(718) 555-0142', '718-555-0142', '+1 718 555 0142'])(
    'keeps the phone %j as its 10 digits',
    async (phoneNumber) => {
      const res = await post(t, '/svc/account/updateProfile', { ...validProfile, phoneNumber }, bob.token);
      expect(res.statusCode, res.body).toBe(200);
      const full = json<{ data: { account: { phoneNumber: string } } }>(
        await get(t, '/svc/users/full-profile', bob.token),
      );
      expect(full.data.account.phoneNumber).toBe('7185550142');
    },
  );

  it('answers Error fetching profile for an unknown person, and needs a log-in for full-profile', async () => {
    const res = await get(t, '/svc/users/profile?userRefnum=U00000000000');
    expect(res.statusCode).toBe(404);
    expect(json(res).msg).toBe(profileMessages.fetchError);
    expect((await get(t, '/svc/users/full-profile')).statusCode).toBe(401);
  });

  it.each([
    [{ phoneNumber: '0551234567' }, 'phoneNumber', 'Please enter a valid 10 digit US phone number'],
    [{ phoneNumber: '55512345678' }, 'phoneNumber', 'Please enter a valid 10 digit US phone number'],
    [{ phoneNumber: '+44 20 7946 0958' }, 'phoneNumber', 'Please enter a valid 10 digit US phone number'],
    [{ phoneNumber: '555-123-45a7' }, 'phoneNumber', 'Please enter a valid 10 digit US phone number'],
    [{ alternateEmail: 'not-an-email' }, 'alternateEmail', 'Please enter valid email address'],
    [{ zip: '1234' }, 'zip', 'Please enter a valid US Zip Code'],
    [{ zip: '00000' }, 'zip', 'Please enter a valid US Zip Code'],
  ])('refuses profile %j with the field message and changes nothing', async (change, field, message) => {
    const before = json<{ data: unknown }>(await get(t, '/svc/users/full-profile', bob.token)).data;
    const res = await post(t, '/svc/account/updateProfile', { ...validProfile, ...change }, bob.token);
    expect(res.statusCode).toBe(400);
    expect(json<{ errors: { field: string; message: string }[] }>(res).errors).toContainEqual({ field, message });
    expect(json<{ data: unknown }>(await get(t, '/svc/users/full-profile', bob.token)).data).toEqual(before);
  });
});

describe('names through POST /svc/account/updatename', () => {
  it('changes the first and last name (trimmed), shown on the public profile', async () => {
    const cal = await signedUp(t);
    const res = await post(t, '/svc/account/updatename', { nameFirst: ' Cal J. ', nameLast: 'Ortiz' }, cal.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ data: { account: object; user: object } }>(res).data).toMatchObject({
      account: { nameFirst: 'Cal J.', nameLast: 'Ortiz', email: cal.email },
      user: { name: 'Cal J. Ortiz' },
    });
    const shown = json<{ data: { user: { name: string } } }>(
      await get(t, `/svc/users/profile?userRefnum=${cal.userRefnum}`),
    );
    expect(shown.data.user.name).toBe('Cal J. Ortiz');
  });

  it('needs a log-in', async () => {
    const res = await post(t, '/svc/account/updatename', { nameFirst: 'Ann', nameLast: 'Lee' });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    [{ nameFirst: '' }, 'nameFirst', 'Please enter a valid First name'],
    [{ nameFirst: undefined }, 'nameFirst', 'Please enter a valid First name'],
    [{ nameFirst: 'A'.repeat(21) }, 'nameFirst', 'First name cannot exceed 20 characters'],
    [{ nameFirst: 'Ann2' }, 'nameFirst', 'Please enter a valid First name'],
    [{ nameFirst: 'Lee' }, 'nameFirst', 'First name and last name cannot be the same.'],
    [{ nameFirst: ' lee ' }, 'nameFirst', 'First name and last name cannot be the same.'],
    [{ nameLast: '' }, 'nameLast', 'Please enter a valid Last name'],
    [{ nameLast: 'B'.repeat(21) }, 'nameLast', 'Last name cannot exceed 20 characters'],
    [{ nameLast: 'L_e' }, 'nameLast', 'Please enter a valid Last name'],
  ])('refuses names %j with the spec message on the field and changes nothing', async (change, field, message) => {
    const before = json<{ data: unknown }>(await get(t, '/svc/users/full-profile', bob.token)).data;
    const res = await post(t, '/svc/account/updatename', { nameFirst: 'Bob', nameLast: 'Lee', ...change }, bob.token);
    expect(res.statusCode).toBe(400);
    expect(json<{ code: number; errors: { field: string; message: string }[] }>(res)).toMatchObject({
      code: 400,
      errors: expect.arrayContaining([{ field, message }]),
    });
    expect(json<{ data: unknown }>(await get(t, '/svc/users/full-profile', bob.token)).data).toEqual(before);
  });
});

describe('profile listings', () => {
  it("lists a person's live listings to others, and also the inactive ones to the person, 8 a page", async () => {
    const annId = await idOf(ann.userRefnum);
    for (let i = 0; i < 9; i++) await insertListing(t.database.db, annId, 'electronics', { title: `Live ${i}` });
    await insertListing(t.database.db, annId, 'electronics', { title: 'Paused', state: 'paused' });
    await insertListing(t.database.db, annId, 'electronics', { title: 'Draft', state: 'draft' });

    const first = json<{ data: { docs: { listingTitle: string }[]; totalElements: number; size: number } }>(
      await get(t, `/svc/users/listings?userRefnum=${ann.userRefnum}`),
    ).data;
    expect(first.size).toBe(8);
    expect(first.docs).toHaveLength(8);
    expect(first.totalElements).toBe(9);
    const own = json<{ data: { docs: { listingTitle: string }[]; totalElements: number } }>(
      await get(t, `/svc/users/listings?userRefnum=${ann.userRefnum}&page=1`, ann.token),
    ).data;
    expect(own.totalElements).toBe(10);
    expect(own.docs.map((d) => d.listingTitle)).not.toContain('Draft');
    // Bob sees no paused one.
    const bobs = json<{ data: { totalElements: number } }>(
      await get(t, `/svc/users/listings?userRefnum=${ann.userRefnum}`, bob.token),
    ).data;
    expect(bobs.totalElements).toBe(9);
  });

  it('counts items sold on the profile', async () => {
    const annId = await idOf(ann.userRefnum);
    await insertListing(t.database.db, annId, 'electronics', { title: 'Sold one', state: 'sold' });
    const profile = json<{ data: { itemsSold: number } }>(
      await get(t, `/svc/users/profile?userRefnum=${ann.userRefnum}`),
    );
    expect(profile.data.itemsSold).toBe(1);
    expect((await t.database.db.select().from(listings)).length).toBeGreaterThan(0);
  });
});

describe('profile picture', () => {
  const png = () =>
    sharp({ create: { width: 400, height: 300, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();

  // Found by the contract fuzz (contract-fuzz.test.ts): the parser's own errors were a 500.
  it('answers a multipart body cut short, or without its boundary, with a 400', async () => {
    const { payload, contentType } = multipartFile(await png());
    for (const [body, type] of [
      [payload.subarray(0, payload.length / 2), contentType],
      [payload, 'multipart/form-data'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/svc/users/profile/picture',
        payload: body,
        headers: { 'content-type': type, authorization: `Bearer ${ann.token}` },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(json(res)).toMatchObject({ msg: pictureMessages.missing });
    }
  });

  it('stores a picture, shows it on the profile and serves it without GPS', async () => {
    const spyPhoto = await gpsJpeg(320, 320);
    const withGps = await sharp(spyPhoto).metadata();
    expect(withGps.exif?.toString('latin1')).toContain('SpyCam');

    const res = await uploadPicture(t, ann.token, spyPhoto, { filename: 'me.jpg', type: 'image/jpeg' });
    expect(res.statusCode, res.body).toBe(200);
    const { pictureUrl } = json<{ data: { pictureUrl: string } }>(res).data;
    expect(pictureUrl).toMatch(/^\/svc\/files\/profiles\//);
    const profile = json<{ data: { user: { pictureUrl: string } } }>(
      await get(t, `/svc/users/profile?userRefnum=${ann.userRefnum}`),
    );
    expect(profile.data.user.pictureUrl).toBe(pictureUrl);

    const served = await t.app.inject({ method: 'GET', url: pictureUrl });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.toString('latin1')).not.toContain('SpyCam');
  });

  it('needs a log-in', async () => {
    const res = await uploadPicture(t, undefined, await png());
    expect(res.statusCode).toBe(401);
  });

  it.each([
    [
      'a renamed executable',
      () => Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(4096, 7)]),
      400,
      pictureMessages.notImage,
    ],
    [
      'an SVG',
      () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
        ),
      400,
      pictureMessages.notImage,
    ],
    ['a truncated PNG', async () => (await png()).subarray(0, 120), 400, pictureMessages.unreadable],
    ['10 MB + 1 byte', () => Buffer.alloc(10 * 1024 * 1024 + 1, 1), 413, pictureMessages.tooLarge],
    ['a 30000x30000 PNG', async () => pngClaiming(await png(), 30_000, 30_000), 400, pictureMessages.tooManyPixels],
  ])('refuses %s with a clear error and keeps the old picture', async (_name, make, status, message) => {
    const before = json<{ data: { user: { pictureUrl: string | null } } }>(
      await get(t, '/svc/users/full-profile', ann.token),
    ).data.user.pictureUrl;
    const res = await uploadPicture(t, ann.token, await make(), { filename: 'innocent.png', type: 'image/png' });
    expect(res.statusCode, res.body).toBe(status);
    expect(json(res)).toMatchObject({ code: status, msg: message, errors: [{ field: 'file', message }] });
    const after = json<{ data: { user: { pictureUrl: string | null } } }>(
      await get(t, '/svc/users/full-profile', ann.token),
    ).data.user.pictureUrl;
    expect(after).toBe(before);
  });

  it('refuses a request without a file part', async () => {
    const res = await uploadPicture(t, ann.token, await png(), { field: 'photo' });
    expect(res.statusCode).toBe(400);
    expect(json(res).msg).toBe(pictureMessages.missing);
    const notMultipart = await post(t, '/svc/users/profile/picture', { file: 'x' }, ann.token);
    expect(notMultipart.statusCode).toBe(400);
  });

  it('replaces a picture: the old file is no longer served', async () => {
    const pictureOf = async (res: { body: string }) => json<{ data: { pictureUrl: string } }>(res).data.pictureUrl;
    const first = await pictureOf(await uploadPicture(t, bob.token, await png()));
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(200);
    const second = await pictureOf(await uploadPicture(t, bob.token, await png()));
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
  });

  it('deletes the picture and its file, then has none to delete', async () => {
    const uploaded = await uploadPicture(t, bob.token, await png());
    expect(uploaded.statusCode).toBe(200);
    const { pictureUrl } = json<{ data: { pictureUrl: string } }>(uploaded).data;
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/svc/users/profile/picture',
      headers: { authorization: `Bearer ${bob.token}` },
    });
    expect(del.statusCode).toBe(200);
    expect(json(del).data).toEqual({ pictureUrl: null });
    const profile = json<{ data: { user: { pictureUrl: string | null } } }>(
      await get(t, `/svc/users/profile?userRefnum=${bob.userRefnum}`),
    );
    expect(profile.data.user.pictureUrl).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: pictureUrl })).statusCode).toBe(404);
    const again = await t.app.inject({
      method: 'DELETE',
      url: '/svc/users/profile/picture',
      headers: { authorization: `Bearer ${bob.token}` },
    });
    expect(again.statusCode).toBe(404);
  });
});
