import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingDrafts } from '../src/db/schema/index';
import { DRAFT_LIFETIME_MS, sweepAbandonedDrafts } from '../src/modules/listings/drafts';
import { advanceClock, json, startTestApp, type TestApp } from './harness';
import { signedUp } from './identity-helpers';
import { createListing, draftRef, goodForm, uploadPhoto } from './selling-helpers';

let t: TestApp;
let seller: Awaited<ReturnType<typeof signedUp>>;
beforeAll(async () => {
  t = await startTestApp();
  seller = await signedUp(t);
});
afterAll(() => t.close());

async function photoUrl(ref: string, picno: number): Promise<string> {
  const res = await uploadPhoto(t, seller.token, ref, picno);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: { url: string } }>(res).data.url;
}
const served = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;
const age = (refs: string[], ms: number) =>
  t.database.db
    .update(listingDrafts)
    .set({ createdAt: new Date(Date.now() - ms) })
    .where(inArray(listingDrafts.refnum, refs));

describe('abandoned listing forms', () => {
  it('sweeps forms left longer than their lifetime with their photos, and keeps what is still shown', async () => {
    const abandoned = await draftRef(t, seller.token);
    const abandonedPhoto = await photoUrl(abandoned, 1);
    const recent = await draftRef(t, seller.token);
    const recentPhoto = await photoUrl(recent, 1);
    // An old form that became a listing: the listing keeps showing the photo.
    const published = await draftRef(t, seller.token);
    const listedPhoto = await photoUrl(published, 1);
    expect((await createListing(t, seller.token, await goodForm(t, published))).statusCode).toBe(200);
    await age([abandoned, published], DRAFT_LIFETIME_MS + 60_000);
    await age([recent], DRAFT_LIFETIME_MS - 60_000);

    const swept = await sweepAbandonedDrafts(t.database.db, t.files, new Date(Date.now() - DRAFT_LIFETIME_MS));

    expect(swept).toBe(2);
    const left = await t.database.db.select({ refnum: listingDrafts.refnum }).from(listingDrafts);
    expect(left.map((d) => d.refnum)).toContain(recent);
    expect(left.map((d) => d.refnum)).not.toContain(abandoned);
    expect(await served(abandonedPhoto)).toBe(404);
    expect(await served(recentPhoto)).toBe(200);
    expect(await served(listedPhoto)).toBe(200);
    // The swept form is gone for its owner too.
    expect((await uploadPhoto(t, seller.token, abandoned, 2)).statusCode).toBe(404);
    const [kept] = await t.database.db.select().from(listingDrafts).where(eq(listingDrafts.refnum, recent));
    expect(kept).toBeDefined();
  });

  it('sweeps nothing when every form is fresh', async () => {
    await draftRef(t, seller.token);
    expect(await sweepAbandonedDrafts(t.database.db, t.files, new Date(Date.now() - DRAFT_LIFETIME_MS))).toBe(0);
  });

  // Last: it moves this app's clock a week on.
  it('sweeps on its own every hour as the clock passes: a form goes once it is a week old', async () => {
    const form = await draftRef(t, seller.token);
    const photo = await photoUrl(form, 1);
    const week = DRAFT_LIFETIME_MS / 60_000;

    // The hourly sweeps of the week ran; the form is an hour short of its lifetime.
    await advanceClock(t, week - 60);
    expect(await t.database.db.select().from(listingDrafts).where(eq(listingDrafts.refnum, form))).toHaveLength(1);
    expect(await served(photo)).toBe(200);

    await advanceClock(t, 61);
    expect(await t.database.db.select().from(listingDrafts).where(eq(listingDrafts.refnum, form))).toEqual([]);
    expect(await served(photo)).toBe(404);
  });
});
