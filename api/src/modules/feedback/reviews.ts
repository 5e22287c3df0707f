import { type WrittenReview, writtenReviewSchema } from '@yardly/shared/contract';
import { halvesToRating, reviewWindowEnd } from '@yardly/shared/rules';
import { and, eq, max } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { feedback, transitions } from '../../db/schema/index';

export type FeedbackRow = typeof feedback.$inferSelect;

/**
 * When an order was completed: its last step to `delivered` (the buyer confirmed, the receipt
 * window closed, the handoff was confirmed, or a return was refused); null while it never was.
 * An order refunded after completion (`delivered` → `returned`) stays completed for reviews.
 */
export async function completedAt(db: Db, orderId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(transitions.at) })
    .from(transitions)
    .where(
      and(eq(transitions.process, 'order'), eq(transitions.subjectId, orderId), eq(transitions.toState, 'delivered')),
    );
  return row?.at ? new Date(row.at) : null;
}

/** The review window of a completed order: reviews may be written until it ends, and are all public from then on. */
export function reviewWindow(completed: Date) {
  return { from: completed, until: reviewWindowEnd(completed) };
}

/** Both sides' reviews of an order (at most one each). */
export function reviewsOfOrder(db: Db, orderId: number): Promise<FeedbackRow[]> {
  return db.select().from(feedback).where(eq(feedback.orderId, orderId));
}

/** A review as the wire carries it; publishedAt is null while `now` is before it. */
export function toWrittenReview(row: FeedbackRow, now: Date): WrittenReview {
  return writtenReviewSchema.parse({
    rating: halvesToRating(row.ratingHalves),
    feedbackContent: row.content,
    createdAt: row.createdAt.toISOString(),
    publishedAt: row.publishedAt.getTime() <= now.getTime() ? row.publishedAt.toISOString() : null,
  });
}
