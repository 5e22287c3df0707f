import { reviewNotices } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { listings, orders } from '../../db/schema/index';
import { defineJob } from '../../jobs/job';
import { notify } from '../notifications/notify';
import { completedAt, reviewsOfOrder, reviewWindow } from './reviews';

/** The one-shot job at the end of an order's review window: what was written is public now, both sides are told. */
export const REVIEWS_PUBLISHED_JOB = 'feedback.reviews-published';

/** Tells both sides of an order their reviews are public, each with a link to the tab they were reviewed on. */
export async function notifyPublished(
  tx: Db,
  order: { buyerId: number; sellerId: number },
  listingTitle: string,
): Promise<void> {
  const text = reviewNotices.published(listingTitle);
  await notify(tx, [order.buyerId], text, '/myprofile/reviews/buyer');
  await notify(tx, [order.sellerId], text, '/myprofile/reviews/seller');
}

/**
 * Runs when an order's review window closes. Reviews published earlier (the second one was
 * written) were announced then: it does nothing for them.
 */
export const reviewsPublishedJob = defineJob<{ orderId: number }>({
  name: REVIEWS_PUBLISHED_JOB,
  async run({ orderId }, { db, now }) {
    await db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
      const completed = order ? await completedAt(tx, order.id) : null;
      if (!order || !completed) return;
      const { until } = reviewWindow(completed);
      const reviews = await reviewsOfOrder(tx, order.id);
      const waiting = reviews.filter((r) => r.publishedAt.getTime() === until.getTime());
      if (waiting.length === 0 || until.getTime() > now.getTime()) return;
      const [listing] = await tx
        .select({ title: listings.title })
        .from(listings)
        .where(eq(listings.id, order.listingId));
      await notifyPublished(tx, order, listing?.title ?? '');
    });
  },
});
