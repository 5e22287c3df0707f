import type { RentalDetail } from '@yardly/shared/contract';
import { listingRuleMessages, MAX_RENTAL_PHOTOS, rentalMessages } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rentalDraftPhotos, rentalDrafts } from '../src/db/schema/index';
import { advanceClock, json, startTestApp, type TestApp } from './harness';
import { signedUp } from './identity-helpers';
import { createRental, rentalCall, rentalDraftRef, rentalForm, uploadRentalPhoto } from './rental-helpers';
import { auth, type Envelope, gpsJpeg, image, multipart } from './selling-helpers';

let t: TestApp;
let landlord: Awaited<ReturnType<typeof signedUp>>;
let other: Awaited<ReturnType<typeof signedUp>>;

beforeAll(async () => {
  t = await startTestApp();
  [landlord, other] = [await signedUp(t), await signedUp(t)];
});
afterAll(() => t.close());

const body = <T>(res: { body: string }) => json<Envelope<T>>(res);
type Pictures = { picno: number; pictures: { picno: number; url: string }[] };

async function storedPhotos(ref: string) {
  const [draft] = await t.database.db.select().from(rentalDrafts).where(eq(rentalDrafts.refnum, ref));
  return t.database.db
    .select()
    .from(rentalDraftPhotos)
    .where(eq(rentalDraftPhotos.draftId, draft?.id ?? -1));
}

describe('rental photos', () => {
  it('takes a JPG or a PNG, re-encoded without its metadata (no GPS)', async () => {
    const ref = await rentalDraftRef(t, landlord.token);
    const spyPhoto = await gpsJpeg(640, 480);
    const res = await uploadRentalPhoto(t, landlord.token, ref, 1, spyPhoto);
    expect(res.statusCode, res.body).toBe(200);
    const { url } = body<{ url: string }>(res).data;
    expect(url).toMatch(/^\/svc\/files\/rentals\//);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
    expect(served.rawPayload.toString('latin1')).not.toContain('SpyCam');

    const png = await uploadRentalPhoto(t, landlord.token, ref, 2, await image(400, 300, 'png'));
    expect(body<Pictures>(png).data.pictures.map((p) => p.picno)).toEqual([1, 2]);

    const fake = await multipart(Buffer.from('not a picture at all'), 'photo', 'fake.jpg', 'image/jpeg');
    const refused = await t.app.inject({
      method: 'POST',
      url: `/rental/listings/picture?inputSourceRandomRefnum=${ref}&picno=3`,
      payload: fake.payload,
      headers: { ...auth(landlord.token), ...fake.headers },
    });
    expect(refused.statusCode).toBe(400);
    expect(body(refused).errors).toEqual([{ field: 'photo', message: listingRuleMessages.photoType }]);
  });

  it('keeps exactly eight when ten uploads race to one form', async () => {
    const ref = await rentalDraftRef(t, landlord.token);
    const photo = await image();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => uploadRentalPhoto(t, landlord.token, ref, (i % 8) + 1, photo)),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(MAX_RENTAL_PHOTOS);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(2);
    for (const res of refused) {
      expect(res.statusCode).toBe(400);
      expect(body(res).msg).toBe(rentalMessages.photoLimit);
    }
    const stored = await storedPhotos(ref);
    expect(stored.map((p) => p.picno).sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // A ninth, later, is refused too.
    const ninth = await uploadRentalPhoto(t, landlord.token, ref, 1, photo);
    expect(ninth.statusCode).toBe(400);
    expect(body(ninth).msg).toBe(rentalMessages.photoLimit);
  });

  it("refuses someone else's form (403) and a guest (401)", async () => {
    const ref = await rentalDraftRef(t, landlord.token);
    const theirs = await uploadRentalPhoto(t, other.token, ref, 1);
    expect(theirs.statusCode).toBe(403);
    expect(body(theirs).msg).toBe(rentalMessages.notYours);
    const guest = await rentalCall(t, 'GET', '/rental/listings/inputSourceRandomRefnum');
    expect(guest.statusCode).toBe(401);
    expect((await uploadRentalPhoto(t, landlord.token, ref, 1)).statusCode).toBe(200);
    const del = `/rental/listings/picture/delete?inputSourceRandomRefnum=${ref}&picno=1`;
    expect((await rentalCall(t, 'POST', del, other.token)).statusCode).toBe(403);
    expect(await storedPhotos(ref)).toHaveLength(1);
  });

  it('deletes a photo by its place, and its file with it', async () => {
    const ref = await rentalDraftRef(t, landlord.token);
    const first = body<{ url: string }>(await uploadRentalPhoto(t, landlord.token, ref, 1)).data.url;
    await uploadRentalPhoto(t, landlord.token, ref, 2);
    const res = await rentalCall(
      t,
      'POST',
      `/rental/listings/picture/delete?inputSourceRandomRefnum=${ref}&picno=1`,
      landlord.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(body<Pictures>(res).data.pictures.map((p) => p.picno)).toEqual([2]);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
  });

  it("publishes with the form's photos, and an edit's form replaces them", async () => {
    const ref = await rentalDraftRef(t, landlord.token);
    await uploadRentalPhoto(t, landlord.token, ref, 1);
    await uploadRentalPhoto(t, landlord.token, ref, 2);
    const created = await createRental(t, landlord.token, rentalForm(ref));
    expect(created.statusCode, created.body).toBe(200);
    const { refnum } = body<{ refnum: string }>(created).data;
    const detail = async () =>
      body<RentalDetail>(await rentalCall(t, 'GET', `/rental/listings/byListingRefnum?refnum=${refnum}`)).data;
    const before = await detail();
    expect(before.pictures.map((p) => p.picno)).toEqual([1, 2]);
    expect(before.pictureUrl).toBe(before.pictures[0]?.url);

    // A fresh form with one photo, saved with refnum: the listing shows that one only.
    const edit = await rentalDraftRef(t, landlord.token);
    await uploadRentalPhoto(t, landlord.token, edit, 1);
    const saved = await createRental(t, landlord.token, rentalForm(edit, { refnum }));
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await detail();
    expect(after.pictures).toHaveLength(1);
    expect(after.pictures[0]?.url).not.toBe(before.pictures[0]?.url);
    // A form opened for the listing starts with its photos.
    const open = await rentalCall(
      t,
      'GET',
      `/rental/listings/inputSourceRandomRefnum?refnum=${refnum}`,
      landlord.token,
    );
    expect(body<{ pictures: unknown[] }>(open).data.pictures).toHaveLength(1);
    // The replaced photos' files go once no form shows them either (the forms are swept after a week).
    await advanceClock(t, 8 * 24 * 60);
    expect((await t.app.inject({ method: 'GET', url: before.pictures[1]?.url ?? '' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: after.pictures[0]?.url ?? '' })).statusCode).toBe(200);
  });

  it('takes a rental its landlord deletes out of the store with its photos and their sizes', async () => {
    const owner = await signedUp(t); // the test before moved the clock past the others' tokens
    const ref = await rentalDraftRef(t, owner.token);
    const url = body<{ url: string }>(await uploadRentalPhoto(t, owner.token, ref, 1)).data.url;
    const created = await createRental(t, owner.token, rentalForm(ref));
    expect(created.statusCode, created.body).toBe(200);
    const { refnum } = body<{ refnum: string }>(created).data;
    expect((await t.app.inject({ method: 'GET', url: `${url}?w=253&h=210` })).statusCode).toBe(200);

    const deleted = await rentalCall(t, 'POST', '/rental/listings/delete', owner.token, { refnum });
    expect(deleted.statusCode, deleted.body).toBe(200);
    for (const gone of [url, `${url}?w=253&h=210`]) {
      expect((await t.app.inject({ method: 'GET', url: gone })).statusCode, gone).toBe(404);
    }
  });
});
