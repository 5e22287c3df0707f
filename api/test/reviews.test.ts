import type { LoginData, OrderReview, ReceivedFeedback, ReviewRecord, WrittenReview } from '@yardly/shared/contract';
import {
  leaveReviewMessages,
  leaveReviewPath,
  orderMessages,
  REVIEW_WINDOW_DAYS,
  reviewNotices,
} from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index';
import { authorisedIntent, call, type Placed } from './checkout-helpers';
import { json, startTestApp, type TestApp } from './harness';
import { notificationsOf } from './notification-helpers';
import { advanceKeepingSignedIn } from './offer-helpers';
import { deliveredPickup } from './payout-helpers';
import { signedUpPeople } from './role-helpers';
import { auth, publishedListing } from './selling-helpers';

let t: TestApp;
let seller: LoginData;
let buyer: LoginData;
let stranger: LoginData;
let admin: LoginData;
let limited: LoginData;

async function named(login: LoginData, first: string, last: string) {
  await t.database.db.update(users).set({ nameFirst: first, nameLast: last }).where(eq(users.refnum, login.userRefnum));
}

beforeAll(async () => {
  t = await startTestApp();
  ({ seller, buyer, stranger, admin, limited } = await signedUpPeople(
    t,
    'seller',
    'buyer',
    'stranger',
    'admin',
    'limited',
  ));
  await named(seller, 'Sam', 'Seller');
  await named(buyer, 'Bea', 'Buyer');
});
afterAll(() => t?.close());

const leave = (token: string | undefined, body: unknown) =>
  call<WrittenReview>(t, 'POST', '/svc/feedback', token, body);
const review = (orderId: string, rating = 4.5, feedbackContent = 'Smooth handoff, as described') => ({
  orderId,
  rating,
  feedbackContent,
});

async function standing(token: string, query: string): Promise<OrderReview> {
  const res = await call<OrderReview>(t, 'GET', `/svc/feedback/order?${query}`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function received(person: LoginData, asSeller: boolean): Promise<ReceivedFeedback> {
  const res = await call<ReceivedFeedback>(
    t,
    'GET',
    `/svc/feedback/received?userRefnum=${person.userRefnum}&asSeller=${asSeller}`,
  );
  expect(res.status).toBe(200);
  return res.body.data;
}

async function profileRating(person: LoginData) {
  const res = await call<{ userratings: { rating: number; count: number } }>(
    t,
    'GET',
    `/svc/users/profile?userRefnum=${person.userRefnum}`,
  );
  return res.body.data.userratings;
}

/** A local sale paid for but not yet handed over: not completed. */
async function paidPickup(): Promise<{ orderId: string; listing: string }> {
  const listing = await publishedListing(t, seller.token, {
    shippable: false,
    meetToDeliver: true,
    listingPrice: 1500,
  });
  const intent = await authorisedIntent(t, buyer.token, { listingRefnum: listing, deliveryMethod: 'pickup' });
  const paid = await call<Placed>(t, 'POST', '/svc/offer/pay-and-pickup', buyer.token, {
    listingRefnum: listing,
    paymentIntentId: intent.paymentIntentId,
  });
  expect(paid.status).toBe(200);
  return { orderId: paid.body.data.orderId, listing };
}

describe('POST /svc/feedback: who may review, and when', () => {
  it('refuses a review before the order is completed, and says so on the order', async () => {
    const { orderId } = await paidPickup();
    const res = await leave(buyer.token, review(orderId));
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe(leaveReviewMessages.notCompleted);
    expect(await standing(buyer.token, `orderId=${orderId}`)).toMatchObject({
      completedAt: null,
      reviewBy: null,
      canReview: false,
      mine: null,
      theirs: null,
    });
  });

  it('refuses a stranger (403), an unknown order (404), an admin (403) and an anonymous caller (401)', async () => {
    const { orderId } = await deliveredPickup(t, seller, buyer);
    const byStranger = await leave(stranger.token, review(orderId));
    expect(byStranger.status).toBe(403);
    expect(byStranger.body.msg).toBe(orderMessages.notYours);
    const strangerReads = await call(t, 'GET', `/svc/feedback/order?orderId=${orderId}`, stranger.token);
    expect(strangerReads.status).toBe(403);
    const unknown = await leave(buyer.token, review('O00000000000'));
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe(orderMessages.notFound);
    const byAdmin = await leave(admin.token, review(orderId));
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.msg).toBe(leaveReviewMessages.notAParty);
    expect((await leave(undefined, review(orderId))).status).toBe(401);
    expect((await standing(buyer.token, `orderId=${orderId}`)).mine).toBeNull();
  });

  it.each([
    [0, 'rating', leaveReviewMessages.rating],
    [5.5, 'rating', leaveReviewMessages.rating],
    [3.3, 'rating', leaveReviewMessages.rating],
    [-1, 'rating', leaveReviewMessages.rating],
    ['4', 'rating', leaveReviewMessages.rating],
    [null, 'rating', leaveReviewMessages.rating],
  ])('refuses the rating %s with a 400 on its field', async (rating, field, message) => {
    const res = await leave(buyer.token, { orderId: 'O00000000000', rating, feedbackContent: 'Fine' });
    expect(res.status).toBe(400);
    expect((res.body as unknown as { errors: unknown[] }).errors).toContainEqual({ field, message });
  });

  it('refuses an empty or blank text and one over 500 characters', async () => {
    for (const [text, message] of [
      ['', leaveReviewMessages.textRequired],
      ['   ', leaveReviewMessages.textRequired],
      ['x'.repeat(501), leaveReviewMessages.textTooLong],
    ] as const) {
      const res = await leave(buyer.token, review('O00000000000', 4, text));
      expect(res.status).toBe(400);
      expect((res.body as unknown as { errors: unknown[] }).errors).toContainEqual({
        field: 'feedbackContent',
        message,
      });
    }
  });
});

describe('double-blind reviews', () => {
  let orderId: string;
  let listing: string;
  let title: string;
  let buyersReview: WrittenReview;

  it('asks both sides to review when the sale is completed', async () => {
    ({ orderId, listing } = await deliveredPickup(t, seller, buyer));
    const mine = await standing(buyer.token, `orderId=${orderId}`);
    expect(mine).toMatchObject({ orderId, listingRefnum: listing, role: 'buying', otherPartyName: 'Sam S.' });
    title = mine.listingTitle;
    for (const person of [buyer, seller]) {
      const { items } = await notificationsOf(t, person.token);
      expect(items.find((n) => n.link === leaveReviewPath(orderId))?.text).toBe(reviewNotices.asked(title));
    }
    expect(mine.canReview).toBe(true);
    expect(new Date(mine.reviewBy ?? '').getTime() - new Date(mine.completedAt ?? '').getTime()).toBe(
      REVIEW_WINDOW_DAYS * 24 * 3600_000,
    );
    // The dialog may be opened by the listing's refnum too.
    expect((await standing(seller.token, `listingRefnum=${listing}`)).orderId).toBe(orderId);
  });

  it('keeps the first review hidden from the other side, the profile and the aggregate', async () => {
    const res = await leave(buyer.token, review(orderId, 4.5, '  Smooth handoff, as described  '));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    buyersReview = res.body.data;
    expect(buyersReview).toMatchObject({
      rating: 4.5,
      feedbackContent: 'Smooth handoff, as described',
      publishedAt: null,
    });
    expect(await received(seller, true)).toMatchObject({
      feedbacks: { content: [], totalElements: 0 },
      aggregate: { rating: 0, count: 0 },
    });
    expect(await profileRating(seller)).toEqual({ rating: 0, count: 0 });
    const sellers = await standing(seller.token, `orderId=${orderId}`);
    expect(sellers).toMatchObject({ canReview: true, mine: null, theirs: null });
    expect((await standing(buyer.token, `orderId=${orderId}`)).mine).toEqual(buyersReview);
    const { items } = await notificationsOf(t, seller.token);
    expect(items[0]?.text).toBe(reviewNotices.otherWrote('Bea B.', title));
    expect(items[0]?.link).toBe(leaveReviewPath(orderId));
  });

  it('refuses a second review by the same side with 409, and keeps the first', async () => {
    const again = await leave(buyer.token, review(orderId, 1, 'Changed my mind'));
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(leaveReviewMessages.already);
    expect((await standing(buyer.token, `orderId=${orderId}`)).mine?.rating).toBe(4.5);
  });

  it('publishes both together when the other side writes theirs', async () => {
    const res = await leave(seller.token, review(orderId, 5, 'Paid at once, friendly'));
    expect(res.status).toBe(200);
    const published = res.body.data.publishedAt;
    expect(published).not.toBeNull();
    const aboutSeller = await received(seller, true);
    const aboutBuyer = await received(buyer, false);
    expect(aboutSeller.feedbacks.content).toEqual([
      {
        feedbackContent: 'Smooth handoff, as described',
        feedbackSentByUsername: 'Bea B.',
        updatedAt: published,
        aggregateRating: 4.5,
      },
    ]);
    expect(aboutSeller.aggregate).toEqual({ rating: 4.5, count: 1 });
    expect(aboutBuyer.feedbacks.content).toEqual([
      {
        feedbackContent: 'Paid at once, friendly',
        feedbackSentByUsername: 'Sam S.',
        updatedAt: published,
        aggregateRating: 5,
      },
    ]);
    expect(await profileRating(seller)).toEqual({ rating: 4.5, count: 1 });
    const buyers = await standing(buyer.token, `orderId=${orderId}`);
    expect(buyers.canReview).toBe(false);
    expect(buyers.mine?.publishedAt).toBe(published);
    expect(buyers.theirs).toMatchObject({
      rating: 5,
      feedbackContent: 'Paid at once, friendly',
      publishedAt: published,
    });
    for (const person of [buyer, seller]) {
      const { items } = await notificationsOf(t, person.token);
      expect(items[0]?.text).toBe(reviewNotices.published(title));
    }
  });

  it('lets one of two identical presses through and refuses the other with 409', async () => {
    const { orderId: raced } = await deliveredPickup(t, seller, buyer);
    const answers = await Promise.all([
      leave(seller.token, review(raced, 3, 'Late by ten minutes')),
      leave(seller.token, review(raced, 3, 'Late by ten minutes')),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.msg).toBe(leaveReviewMessages.already);
    const rows = await call<ReviewRecord[]>(
      t,
      'GET',
      `/svc/admin/reviews?filter=${encodeURIComponent(JSON.stringify({ orderId: raced }))}`,
      admin.token,
    );
    expect(rows.body).toHaveLength(1);
  });
});

describe('the review window', () => {
  it('publishes a lone review when 14 days have passed, tells both, then refuses a late review', async () => {
    const { orderId } = await deliveredPickup(t, seller, buyer);
    const written = await leave(seller.token, review(orderId, 2.5, 'Came late, no message'));
    expect(written.body.data.publishedAt).toBeNull();
    const before = (await received(buyer, false)).feedbacks.content.map((r) => r.feedbackContent);
    expect(before).not.toContain('Came late, no message');

    const everyone = [buyer, seller, admin, limited, stranger];
    await advanceKeepingSignedIn(t, REVIEW_WINDOW_DAYS * 24 * 60 - 5, everyone);
    expect((await received(buyer, false)).feedbacks.content.map((r) => r.feedbackContent)).not.toContain(
      'Came late, no message',
    );
    expect((await standing(buyer.token, `orderId=${orderId}`)).canReview).toBe(true);

    await advanceKeepingSignedIn(t, 5, everyone);
    const after = await received(buyer, false);
    expect(after.feedbacks.content[0]).toMatchObject({
      feedbackContent: 'Came late, no message',
      aggregateRating: 2.5,
    });
    const buyers = await standing(buyer.token, `orderId=${orderId}`);
    expect(buyers).toMatchObject({ canReview: false, mine: null });
    expect(buyers.theirs?.feedbackContent).toBe('Came late, no message');
    const late = await leave(buyer.token, review(orderId));
    expect(late.status).toBe(409);
    expect(late.body.msg).toBe(leaveReviewMessages.windowClosed);
    for (const person of [buyer, seller]) {
      const { items } = await notificationsOf(t, person.token);
      expect(items[0]?.text).toMatch(/^The reviews for “.+” are published\.$/);
    }
  });
});

describe('the console: review tags', () => {
  it('lists reviews with their tag, filters by tag, and a blacklisted review leaves the profile and the aggregate', async () => {
    const aboutSeller = await received(seller, true);
    const countBefore = aboutSeller.aggregate.count;
    expect(countBefore).toBeGreaterThan(0);
    const list = await t.app.inject({
      method: 'GET',
      url: `/svc/admin/reviews?filter=${encodeURIComponent(JSON.stringify({ tag: 'review' }))}&sort=${encodeURIComponent(JSON.stringify(['id', 'ASC']))}`,
      headers: auth(admin.token),
    });
    expect(list.statusCode).toBe(200);
    const records = json<ReviewRecord[]>(list);
    const target = records.find((r) => r.feedbackContent === 'Smooth handoff, as described');
    expect(target).toMatchObject({ tag: 'review', rating: 4.5, aboutRole: 'seller' });
    if (!target) throw new Error('no review to tag');

    const byLimited = await t.app.inject({
      method: 'PUT',
      url: `/svc/admin/reviews/${target.id}`,
      payload: { tag: 'blacklist' },
      headers: auth(limited.token),
    });
    expect(byLimited.statusCode).toBe(403);
    const badTag = await t.app.inject({
      method: 'PUT',
      url: `/svc/admin/reviews/${target.id}`,
      payload: { tag: 'hidden' },
      headers: auth(admin.token),
    });
    expect(badTag.statusCode).toBe(400);

    const tagged = await t.app.inject({
      method: 'PUT',
      url: `/svc/admin/reviews/${target.id}`,
      payload: { tag: 'blacklist', feedbackContent: 'rewritten by the console' },
      headers: auth(admin.token),
    });
    expect(tagged.statusCode, tagged.body).toBe(200);
    expect(json<ReviewRecord>(tagged)).toMatchObject({
      tag: 'blacklist',
      feedbackContent: 'Smooth handoff, as described',
    });

    const now = await received(seller, true);
    expect(now.aggregate.count).toBe(countBefore - 1);
    expect(now.feedbacks.content.map((r) => r.feedbackContent)).not.toContain('Smooth handoff, as described');
    expect((await profileRating(seller)).count).toBe(countBefore - 1);

    const blacklisted = await t.app.inject({
      method: 'GET',
      url: `/svc/admin/reviews?filter=${encodeURIComponent(JSON.stringify({ tag: 'blacklist' }))}`,
      headers: auth(admin.token),
    });
    expect(json<ReviewRecord[]>(blacklisted).map((r) => r.id)).toEqual([target.id]);

    const log = await t.app.inject({
      method: 'GET',
      url: `/svc/admin/audit-log?filter=${encodeURIComponent(JSON.stringify({ resource: 'reviews', recordId: String(target.id) }))}`,
      headers: auth(admin.token),
    });
    expect(json<{ action: string; before: { tag: string }; after: { tag: string } }[]>(log)).toMatchObject([
      { action: 'update', before: { tag: 'review' }, after: { tag: 'blacklist' } },
    ]);
  });
});
