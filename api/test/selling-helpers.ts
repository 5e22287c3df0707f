import type { ListingForm } from '@yardly/shared/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import { newRefnum } from '../src/db/refnum';
import { categories, listings, organizations, users } from '../src/db/schema/index';
import { json, type TestApp } from './harness';

export function auth(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** A subcategory's refnum by its title. */
export async function subCategory(t: TestApp, title: string): Promise<string> {
  const [row] = await t.database.db
    .select({ refnum: categories.refnum })
    .from(categories)
    .where(and(eq(categories.title, title), isNotNull(categories.parentId)));
  if (!row) throw new Error(`no subcategory ${title}`);
  return row.refnum;
}

/** A real JPEG (or PNG) of the given size. */
export function image(width = 800, height = 600, format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: '#2a6' } });
  return (format === 'png' ? base.png() : base.jpeg()).toBuffer();
}

/** A JPEG whose EXIF names its camera ('SpyCam') and where it was taken: what a stored photo must lose. */
export function gpsJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#a62' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SpyCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 44/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '73/1 59/1 0/1' },
    })
    .toBuffer();
}

/** A multipart body with one file field, as a browser's FormData sends it. */
export async function multipart(data: Buffer, field = 'photo', filename = 'photo.jpg', type = 'image/jpeg') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(data)], { type }), filename);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

export async function draftRef(t: TestApp, token: string, listingRefnum?: string): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/svc/listings/inputSourceRandomRefnum${listingRefnum ? `?listingRefnum=${listingRefnum}` : ''}`,
    headers: auth(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: { inputSourceRandomRefnum: string } }>(res).data.inputSourceRandomRefnum;
}

export async function uploadPhoto(t: TestApp, token: string, ref: string, picno: number, data?: Buffer) {
  const body = await multipart(data ?? (await image()));
  return t.app.inject({
    method: 'POST',
    url: `/svc/listings/picture?inputSourceRandomRefnum=${ref}&picno=${picno}`,
    payload: body.payload,
    headers: { ...auth(token), ...body.headers },
  });
}

/** A form that may be published by anyone: a $25 mug (2500 cents), shipped or picked up. */
export async function goodForm(t: TestApp, ref: string, overrides: Partial<ListingForm> = {}): Promise<ListingForm> {
  return mugForm(ref, await subCategory(t, 'Dinnerware & Glassware'), overrides);
}

/** `goodForm` with its subcategory (Dinnerware & Glassware) already looked up, for a server of another process. */
export function mugForm(ref: string, categoryRefnum: string, overrides: Partial<ListingForm> = {}): ListingForm {
  return {
    inputSourceRandomRefnum: ref,
    listingTitle: 'Blue ceramic mug',
    listingDescription: 'A sturdy mug, barely used.',
    categoryRefnum,
    condition: 'like_new',
    properties: {},
    listingPrice: 2500,
    weightLbs: 1.5,
    shippable: true,
    meetToDeliver: true,
    offerFreeDelivery: false,
    buyNow: true,
    zip: '10001',
    donation: false,
    draft: false,
    ...overrides,
  };
}

export function createListing(t: TestApp, token: string, form: ListingForm) {
  return t.app.inject({ method: 'POST', url: '/svc/listings/create/v2', payload: form, headers: auth(token) });
}

/** Create and publish a listing; its refnum. */
export async function publishedListing(t: TestApp, token: string, overrides: Partial<ListingForm> = {}) {
  const res = await createListing(t, token, await goodForm(t, await draftRef(t, token), overrides));
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: { listingRefnum: string } }>(res).data.listingRefnum;
}

/** A published listing that takes offers ('Take offers' rather than 'Buy Now at the price'). */
export function listingTakingOffers(t: TestApp, token: string, overrides: Partial<ListingForm> = {}) {
  return publishedListing(t, token, { ...overrides, buyNow: false });
}

/** The seller switches a listing between 'Buy Now' and 'Take offers' (written straight to its row). */
export async function setBuyNow(t: TestApp, listingRefnum: string, buyNow: boolean) {
  await t.database.db.update(listings).set({ buyNow }).where(eq(listings.refnum, listingRefnum));
}

/** Make a user a member of an organisation with this status (and, VERIFIED, a verified professional). */
export async function joinOrganisation(t: TestApp, userRefnum: string, status: 'VERIFIED' | 'IN_REVIEW' | 'REJECTED') {
  const db = t.database.db;
  const [org] = await db
    .insert(organizations)
    .values({ refnum: newRefnum('organization'), name: `Org ${status}`, status })
    .returning();
  await db
    .update(users)
    .set({ organizationId: org?.id, isProfessionVerified: status === 'VERIFIED' })
    .where(eq(users.refnum, userRefnum));
}

export type Envelope<T = unknown> = {
  code: number;
  data: T;
  msg?: string;
  errors?: { field: string; message: string }[];
};
