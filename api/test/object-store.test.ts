import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config';
import { objectFileStore } from '../src/modules/files/object-store';
import { boughtNow, orderDetail } from './checkout-helpers';
import { json, startTestApp, type TestApp } from './harness';
import { signedUp } from './identity-helpers';
import { type S3StandIn, startS3StandIn } from './s3-stand-in';
import {
  auth,
  createListing,
  draftRef,
  type Envelope,
  goodForm,
  image,
  multipart,
  uploadPhoto,
} from './selling-helpers';

/*
 * Photos in an S3-compatible store (S3_URL): the api on either engine, its photos in a bucket of
 * a local stand-in (s3rver). What a person sees is what they see with DATA_DIR/files: the same
 * URLs, headers and sizes; and the bucket holds exactly what is alive.
 */
let s3: S3StandIn;
let t: TestApp;
let seller: Awaited<ReturnType<typeof signedUp>>;

beforeAll(async () => {
  s3 = await startS3StandIn();
  t = await startTestApp({ env: { S3_URL: s3.url } });
  seller = await signedUp(t);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const keyOf = (url: string) => url.replace('/svc/files/', '');
const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('photos in the object store', () => {
  it('stores an upload in the bucket and serves it with the same headers', async () => {
    const ref = await draftRef(t, seller.token);
    const res = await uploadPhoto(t, seller.token, ref, 1, await image(1000, 750));
    expect(res.statusCode, res.body).toBe(200);
    const key = keyOf(json<Envelope<{ url: string }>>(res).data.url);

    expect(await s3.keys(key)).toEqual([key]);

    const served = await get(`/svc/files/${key}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const stored = await s3.read(key);
    expect(stored.type).toBe('image/jpeg');
    expect(served.rawPayload.equals(stored.data)).toBe(true);
    // Streamed from the bucket as it is read, with its length known up front.
    expect(served.headers['content-length']).toBe(String(stored.data.length));
    expect((await sharp(served.rawPayload).metadata()).width).toBe(1000);
  });

  it('makes a size on its first request, keeps it in the bucket, and serves it again from there', async () => {
    const ref = await draftRef(t, seller.token);
    const key = keyOf(json<Envelope<{ url: string }>>(await uploadPhoto(t, seller.token, ref, 1)).data.url);
    const stem = key.replace(/\.jpg$/, '');

    const first = await get(`/svc/files/${key}?w=160&h=160`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(first.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 160, 160]);
    expect(await s3.keys(stem)).toEqual([key, `${stem}_160x160.jpg`]);

    const again = await get(`/svc/files/${key}?w=160&h=160`);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect((await s3.read(`${stem}_160x160.jpg`)).data.equals(first.rawPayload)).toBe(true);
  });

  it('deletes a removed photo and every size made from it, and then answers 404', async () => {
    const ref = await draftRef(t, seller.token);
    const kept = keyOf(json<Envelope<{ url: string }>>(await uploadPhoto(t, seller.token, ref, 1)).data.url);
    const gone = keyOf(json<Envelope<{ url: string }>>(await uploadPhoto(t, seller.token, ref, 2)).data.url);
    await get(`/svc/files/${gone}?w=800`);
    await get(`/svc/files/${gone}?w=253&h=210`);
    await get(`/svc/files/${kept}?w=800`);
    const goneStem = gone.replace(/\.jpg$/, '');
    expect(await s3.keys(goneStem)).toHaveLength(3);

    const url = `/svc/listings/picture/delete?inputSourceRandomRefnum=${ref}&picno=2`;
    const res = await t.app.inject({ method: 'POST', url, headers: auth(seller.token) });
    expect(res.statusCode, res.body).toBe(200);

    expect(await s3.keys(goneStem)).toEqual([]);
    // The other photo of the draft, and its size, are untouched.
    expect(await s3.keys(kept.replace(/\.jpg$/, ''))).toHaveLength(2);
    for (const path of [`/svc/files/${gone}`, `/svc/files/${gone}?w=800`]) {
      const answer = await get(path);
      expect(answer.statusCode, path).toBe(404);
      expect(json(answer)).toMatchObject({ code: 404 });
    }
  });

  it('answers 404 in the envelope for a key the bucket does not have, in full size or any other', async () => {
    for (const path of [
      '/svc/files/listings/L00000000000/nothere.jpg',
      '/svc/files/profiles/U1/nope.jpg?w=160&h=160',
    ]) {
      const answer = await get(path);
      expect(answer.statusCode, path).toBe(404);
      expect(json(answer)).toMatchObject({ code: 404 });
    }
  });

  /** A published listing with one photo and a size of it made: its refnum, and the photo's key and stem. */
  async function listingWithPhoto(token: string) {
    const ref = await draftRef(t, token);
    const key = keyOf(json<Envelope<{ url: string }>>(await uploadPhoto(t, token, ref, 1)).data.url);
    const created = await createListing(t, token, await goodForm(t, ref));
    expect(created.statusCode, created.body).toBe(200);
    await get(`/svc/files/${key}?w=253&h=210`);
    const stem = key.replace(/\.jpg$/, '');
    expect(await s3.keys(stem)).toHaveLength(2);
    return { refnum: json<Envelope<{ listingRefnum: string }>>(created).data.listingRefnum, key, stem };
  }
  const deleteListing = (token: string, refnum: string) =>
    t.app.inject({ method: 'POST', url: `/svc/listing/delete?listingRefnum=${refnum}`, headers: auth(token) });

  it('takes a listing its seller deletes out of the bucket, photo and sizes', async () => {
    const { refnum, key, stem } = await listingWithPhoto(seller.token);
    const deleted = await deleteListing(seller.token, refnum);
    expect(deleted.statusCode, deleted.body).toBe(200);
    // The seller still sees it, as Deleted, without a picture.
    expect(json<Envelope<{ listingStatus: string; listingPictureUrl: string | null }>>(deleted).data).toMatchObject({
      listingPictureUrl: null,
    });
    expect(await s3.keys(stem)).toEqual([]);
    expect((await get(`/svc/files/${key}`)).statusCode).toBe(404);
  });

  it('keeps the photos of a sold listing its seller deletes: the buyer’s order still shows the item', async () => {
    const buyer = await signedUp(t);
    const { refnum, key, stem } = await listingWithPhoto(seller.token);
    const order = await boughtNow(t, buyer.token, refnum);
    const deleted = await deleteListing(seller.token, refnum);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await s3.keys(stem)).toHaveLength(2);
    const detail = await orderDetail(t, buyer.token, order.orderId);
    expect(detail.body.data.listing.listingPictureUrl).toBe(`/svc/files/${key}`);
    expect((await get(`/svc/files/${key}`)).statusCode).toBe(200);
  });

  it('keeps a profile picture in the bucket and deletes the one it replaces', async () => {
    const upload = async () => {
      const body = await multipart(await image(400, 400), 'file');
      const res = await t.app.inject({
        method: 'POST',
        url: '/svc/users/profile/picture',
        payload: body.payload,
        headers: { ...auth(seller.token), ...body.headers },
      });
      expect(res.statusCode, res.body).toBe(200);
      return keyOf(json<Envelope<{ pictureUrl: string }>>(res).data.pictureUrl);
    };
    const first = await upload();
    await get(`/svc/files/${first}?w=160&h=160`);
    const second = await upload();
    expect(await s3.keys(`profiles/${seller.userRefnum}/`)).toEqual([second]);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/svc/users/profile/picture',
      headers: auth(seller.token),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await s3.keys(`profiles/${seller.userRefnum}/`)).toEqual([]);
    expect((await get(`/svc/files/${second}`)).statusCode).toBe(404);
  });
});

describe('the object store itself', () => {
  it('finds a missing bucket or wrong keys before the first photo', async () => {
    const base = parseConfig({ S3_URL: s3.url }).objectStore;
    if (!base) throw new Error('S3_URL was not read');
    await expect(objectFileStore(base).check()).resolves.toBeUndefined();
    await expect(objectFileStore({ ...base, bucket: 'no-such-bucket' }).check()).rejects.toThrow(
      `The object store at S3_URL (${s3.endpoint}) refused: the bucket "no-such-bucket" does not exist.`,
    );
  });

  it('deletes a key that is not there without complaint', async () => {
    const base = parseConfig({ S3_URL: s3.url }).objectStore;
    if (!base) throw new Error('S3_URL was not read');
    await expect(objectFileStore(base).delete('listings/L1/never.jpg')).resolves.toBeUndefined();
  });
});
