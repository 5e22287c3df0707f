import { eq } from 'drizzle-orm';
import { notifications, pushSubscriptions } from '../../db/schema/index';
import { defineJob } from '../../jobs/job';
import { type EmailDeps, emailStep } from './email';
import { type DeliveryJobPayload, NOTIFICATION_DELIVERY_JOB, NOTIFICATION_PUSH_JOB } from './job-names';

/**
 * A conversation line's notification goes beyond the page once the line has committed, off the
 * sender's request: a push job for each browser its person subscribed (each sent and retried on
 * its own), and the email step of its conversation (which batches, and waits while they are
 * connected), in one transaction so that a retry repeats neither.
 */
export function deliveryJob(deps: EmailDeps) {
  return defineJob<DeliveryJobPayload>({
    name: NOTIFICATION_DELIVERY_JOB,
    async run({ notificationId }, { db, now }) {
      const rows = await db
        .select({
          userId: notifications.userId,
          conversationId: notifications.conversationId,
          subscriptionId: pushSubscriptions.id,
        })
        .from(notifications)
        .leftJoin(pushSubscriptions, eq(pushSubscriptions.userId, notifications.userId))
        .where(eq(notifications.id, notificationId));
      const [notification] = rows;
      // Gone since (the person deleted, the notification pruned): nothing to deliver.
      if (!notification) return;
      await db.transaction(async (tx) => {
        for (const { subscriptionId } of rows) {
          if (subscriptionId !== null)
            await deps.jobs.enqueue(tx, NOTIFICATION_PUSH_JOB, { notificationId, subscriptionId });
        }
        const { userId, conversationId } = notification;
        if (conversationId !== null) await emailStep(tx, deps, { userId, conversationId }, now);
      });
    },
  });
}
