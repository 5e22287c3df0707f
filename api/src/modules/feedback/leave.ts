import type { LeaveReviewBody, WrittenReview } from '@yardly/shared/contract';
import { leaveReviewMessages, leaveReviewPath, publicName, ratingToHalves, reviewNotices } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { feedback, listings, users } from '../../db/schema/index';
import { isUniqueViolation } from '../../db/unique';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import type { Jobs } from '../../jobs/runner';
import { notify } from '../notifications/notify';
import { orderFor } from '../orders/access';
import { notifyPublished, REVIEWS_PUBLISHED_JOB } from './published';
import { completedAt, reviewsOfOrder, reviewWindow, toWrittenReview } from './reviews';

export interface LeaveDeps {
  db: Db;
  clock: Clock;
  jobs: Jobs;
}

const alreadyReviewed = () => AppError.conflict(leaveReviewMessages.already, 'already_reviewed');

/**
 * POST /svc/feedback: the buyer or the seller of a completed order reviews the other, once,
 * within the review window. The order row is locked, so two presses of one person wait for each
 * other and the second is refused; the unique index (order, author) refuses whatever slips by.
 * Double-blind: the review is public at the end of the window, unless the other side has
 * written theirs: then both are public from now, in this transaction.
 */
export function leaveReviewWith(deps: LeaveDeps) {
  return async (caller: Caller, body: LeaveReviewBody): Promise<WrittenReview> => {
    try {
      return await deps.db.transaction((tx) => leave(tx, deps, caller, body));
    } catch (error) {
      if (isUniqueViolation(error)) throw alreadyReviewed();
      throw error;
    }
  };
}

async function leave(tx: Db, deps: LeaveDeps, caller: Caller, body: LeaveReviewBody): Promise<WrittenReview> {
  const { order, party } = await orderFor(tx, caller, body.orderId, 'show', true);
  if (party === 'admin') throw new AppError(403, leaveReviewMessages.notAParty, { reason: 'not_a_party' });
  const completed = await completedAt(tx, order.id);
  if (!completed) throw AppError.conflict(leaveReviewMessages.notCompleted, 'order_not_completed');
  const now = deps.clock.now();
  const window = reviewWindow(completed);
  const existing = await reviewsOfOrder(tx, order.id);
  if (existing.some((r) => r.fromUserId === caller.userId)) throw alreadyReviewed();
  if (now.getTime() >= window.until.getTime())
    throw AppError.conflict(leaveReviewMessages.windowClosed, 'review_window_closed');
  const other = party === 'buyer' ? order.sellerId : order.buyerId;
  const theirs = existing.find((r) => r.fromUserId === other);
  const publishedAt = theirs ? now : window.until;
  const [mine] = await tx
    .insert(feedback)
    .values({
      orderId: order.id,
      listingId: order.listingId,
      fromUserId: caller.userId,
      aboutUserId: other,
      aboutRole: party === 'buyer' ? 'seller' : 'buyer',
      ratingHalves: ratingToHalves(body.rating),
      content: body.feedbackContent,
      createdAt: now,
      updatedAt: now,
      publishedAt,
    })
    .returning();
  if (!mine) throw new Error('feedback: the insert answered no row');
  const [listing] = await tx.select({ title: listings.title }).from(listings).where(eq(listings.id, order.listingId));
  const title = listing?.title ?? '';
  if (theirs) {
    // The second review: both are published together, now, and both sides are told.
    await tx.update(feedback).set({ publishedAt: now }).where(eq(feedback.id, theirs.id));
    await notifyPublished(tx, order, title);
  } else {
    const [author] = await tx
      .select({ nameFirst: users.nameFirst, nameLast: users.nameLast })
      .from(users)
      .where(eq(users.id, caller.userId));
    const name = author ? publicName(author.nameFirst, author.nameLast) : 'The other side';
    await notify(tx, [other], reviewNotices.otherWrote(name, title), leaveReviewPath(order.refnum));
    // At the end of the window whatever was written is published: both are told then.
    await deps.jobs.enqueue(
      tx,
      REVIEWS_PUBLISHED_JOB,
      { orderId: order.id },
      { at: window.until, key: `order-reviews:${order.id}` },
    );
  }
  return toWrittenReview(mine, now);
}
