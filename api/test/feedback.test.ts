import type { LoginData, ReceivedFeedback } from '@yardly/shared/contract';
import { profileMessages } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedback, users } from '../src/db/schema/index';
import { get } from './account-helpers';
import { json, startTestApp, type TestApp } from './harness';
import { signedUp } from './identity-helpers';

let t: TestApp;
let ann: LoginData;
let bob: LoginData;

beforeAll(async () => {
  t = await startTestApp();
  ann = await signedUp(t);
  bob = await signedUp(t);
  const [annRow] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.refnum, ann.userRefnum));
  const [bobRow] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.refnum, bob.userRefnum));
  if (!annRow || !bobRow) throw new Error('no users');
  await t.database.db.update(users).set({ nameFirst: 'Bob', nameLast: 'Brown' }).where(eq(users.id, bobRow.id));
  // Published reviews as the migration kept them (no order); reviews-*.test.ts writes them through orders.
  const ratings = [5, 4, 4, 5, 4, 4, 5, 4, 4, 5, 4, 4]; // average 4.33 → 4.5
  await t.database.db.insert(feedback).values(
    ratings.map((rating, i) => ({
      aboutUserId: annRow.id,
      fromUserId: bobRow.id,
      aboutRole: 'seller' as const,
      ratingHalves: rating * 2,
      content: `Review ${i}`,
      publishedAt: new Date(Date.UTC(2026, 0, 1 + i)),
    })),
  );
  await t.database.db.insert(feedback).values({
    aboutUserId: annRow.id,
    fromUserId: bobRow.id,
    aboutRole: 'buyer',
    ratingHalves: 4,
    content: 'Slow to pay',
  });
});
afterAll(() => t.close());

const received = (query: string, token?: string) => get(t, `/svc/feedback/received?${query}`, token);

async function page(query: string): Promise<ReceivedFeedback> {
  const res = await received(query);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ code: number; data: ReceivedFeedback }>(res).data;
}

describe('GET /svc/feedback/received', () => {
  it('answers a page of reviews as seller, newest first, 10 by default, with the half-step aggregate', async () => {
    const first = await page(`userRefnum=${ann.userRefnum}&asSeller=true&page=0`);
    expect(first.aggregate).toEqual({ rating: 4.5, count: 12 });
    expect(first.feedbacks).toMatchObject({ number: 0, size: 10, totalElements: 12 });
    expect(first.feedbacks.content).toHaveLength(10);
    expect(first.feedbacks.content[0]).toEqual({
      feedbackContent: 'Review 11',
      feedbackSentByUsername: 'Bob B.',
      updatedAt: '2026-01-12T00:00:00.000Z',
      aggregateRating: 4,
    });
    const second = await page(`userRefnum=${ann.userRefnum}&asSeller=true&page=1&size=10`);
    expect(second.feedbacks.content.map((c) => c.feedbackContent)).toEqual(['Review 1', 'Review 0']);
    expect(second.feedbacks.content.map((c) => c.aggregateRating)).toEqual([4, 5]);
  });

  it('answers the reviews as buyer with asSeller=false, signed in or not', async () => {
    const buyer = await page(`userRefnum=${ann.userRefnum}&asSeller=false`);
    expect(buyer.aggregate).toEqual({ rating: 2, count: 1 });
    expect(buyer.feedbacks.content.map((c) => c.feedbackContent)).toEqual(['Slow to pay']);
    const signedIn = await received(`userRefnum=${ann.userRefnum}&asSeller=false`, bob.token);
    expect(json<{ data: ReceivedFeedback }>(signedIn).data).toEqual(buyer);
  });

  it('answers an empty page with rating 0 for a person nobody reviewed', async () => {
    expect(await page(`userRefnum=${bob.userRefnum}&asSeller=true`)).toEqual({
      feedbacks: { content: [], number: 0, size: 10, totalElements: 0 },
      aggregate: { rating: 0, count: 0 },
    });
  });

  it("keeps the profile header's rating over both roles", async () => {
    // (52 + 2) / 13 = 4.15 → 4.
    const profile = json<{ data: { userratings: unknown } }>(
      await get(t, `/svc/users/profile?userRefnum=${ann.userRefnum}`),
    );
    expect(profile.data.userratings).toEqual({ rating: 4, count: 13 });
  });

  it('answers 404 in the envelope for an unknown person', async () => {
    const res = await received('userRefnum=U00000000000&asSeller=true');
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ code: 404, msg: profileMessages.fetchError });
  });

  it.each([
    ['size=0', 'size'],
    ['size=51', 'size'],
    ['size=ten', 'size'],
    ['page=-1', 'page'],
    ['page=1.5', 'page'],
    ['asSeller=maybe', 'asSeller'],
    ['asSeller=', 'asSeller'],
  ])('refuses %s with a 400 on its field', async (bad, field) => {
    const base = new URLSearchParams({ userRefnum: ann.userRefnum, asSeller: 'true' });
    const [key, value] = bad.split('=') as [string, string];
    base.set(key, value);
    const res = await received(base.toString());
    expect(res.statusCode, res.body).toBe(400);
    const body = json<{ code: number; errors: { field: string }[] }>(res);
    expect(body.code).toBe(400);
    expect(body.errors.map((e) => e.field)).toContain(field);
  });

  it('refuses a missing asSeller or userRefnum, and a malformed refnum', async () => {
    const noRole = await received(`userRefnum=${ann.userRefnum}`);
    expect(noRole.statusCode).toBe(400);
    expect(json<{ errors: { field: string; message: string }[] }>(noRole).errors).toContainEqual({
      field: 'asSeller',
      message: 'asSeller must be true or false',
    });
    expect((await received('asSeller=true')).statusCode).toBe(400);
    const malformed = await received('userRefnum=nobody&asSeller=true');
    expect(malformed.statusCode).toBe(400);
    expect(json<{ errors: { field: string; message: string }[] }>(malformed).errors).toContainEqual({
      field: 'userRefnum',
      message: 'Not a valid reference',
    });
  });

  it('is the one way reviews are read: the old /svc/users/feedback is gone', async () => {
    expect((await get(t, `/svc/users/feedback?userRefnum=${ann.userRefnum}&role=seller`)).statusCode).toBe(404);
  });
});
