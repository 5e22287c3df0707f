import { and, asc, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { notifications, pushSubscriptions, users } from '../../db/schema/index';
import { defineJob } from '../../jobs/job';
import type { Jobs } from '../../jobs/runner';
import type { Mailer } from '../mail/mailer';
import { activityMail, markMailHandled } from './email';
import { NOTIFICATION_PUSH_JOB } from './job-names';

export const NOTICE_DELIVERY_JOB = 'notifications.deliver-notices';
/** How often the notices (`notify`) go out beyond the page: a minute at most after the change. */
export const NOTICE_DELIVERY_EVERY_MINUTES = 1;
/** Notices taken per run; the rest wait for the next minute. */
const NOTICES_PER_RUN = 500;

/**
 * The notices other capabilities write with `notify` (an order shipped, delivered, cancelled and
 * refunded, a return answered, a payout sent, a review published...) reach people beyond
 * /notifications (issue 19): every minute, each new one is pushed to the browsers its person
 * subscribed, and each person gets one email listing theirs. These are about their orders and
 * money, so they are mailed whether or not the person is online (a conversation's lines wait
 * and batch instead: email.ts). A notice is handled once, in the transaction that queues its
 * deliveries: a retried run repeats nothing.
 */
export function noticeDeliveryJob(deps: { jobs: Jobs; mailer: Mailer; publicUrl: string }) {
  return defineJob<Record<string, never>>({
    name: NOTICE_DELIVERY_JOB,
    schedule: { everyMinutes: NOTICE_DELIVERY_EVERY_MINUTES },
    async run(_payload, { db, now }) {
      await db.transaction(async (tx) => {
        const pending = await pendingNotices(tx);
        if (pending.length === 0) return;
        const userIds = [...new Set(pending.map((n) => n.userId))];
        const [people, subscriptions] = await Promise.all([
          tx
            .select({ id: users.id, email: users.email, nameFirst: users.nameFirst })
            .from(users)
            .where(inArray(users.id, userIds)),
          tx
            .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
            .from(pushSubscriptions)
            .where(inArray(pushSubscriptions.userId, userIds)),
        ]);
        for (const notice of pending) {
          for (const subscription of subscriptions.filter((s) => s.userId === notice.userId)) {
            await deps.jobs.enqueue(tx, NOTIFICATION_PUSH_JOB, {
              notificationId: notice.id,
              subscriptionId: subscription.id,
            });
          }
        }
        for (const person of people) {
          const theirs = pending.filter((n) => n.userId === person.id);
          // The mail's 'All your notifications' leads to the rentals' page only when every notice is theirs.
          const section = theirs.every((n) => n.section === 'rentals') ? 'rentals' : 'market';
          await deps.mailer.send(
            { to: person.email, ...activityMail(person.nameFirst, theirs, deps.publicUrl, section) },
            { db: tx },
          );
        }
        await markMailHandled(tx, pending, now);
      });
    },
  });
}

/** Notices (not a conversation's lines) not yet delivered, oldest first, locked for this run. */
function pendingNotices(tx: Db) {
  return tx
    .select({
      id: notifications.id,
      userId: notifications.userId,
      section: notifications.section,
      text: notifications.text,
      link: notifications.link,
    })
    .from(notifications)
    .where(and(isNull(notifications.conversationId), isNull(notifications.mailHandledAt)))
    .orderBy(asc(notifications.id))
    .limit(NOTICES_PER_RUN)
    .for('update', { skipLocked: true });
}
