import {
  conversationPath,
  type NotificationKind,
  notificationText,
  offerThreadKey,
  offerThreadPath,
} from '@yardly/shared/rules';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { listings, notifications, pushSubscriptions } from '../../db/schema/index';
import type { AppServices } from '../../services';
import type { LiveEvent } from '../live/log';
import type { ConversationRef } from '../messages/conversations';
import { NOTIFICATION_EMAIL_JOB, NOTIFICATION_PUSH_JOB } from './job-names';
import { toNotification } from './service';

/** In-app notices for some people, in the caller's transaction (shown on /notifications). */
export async function notify(tx: Db, userIds: number[], text: string, link: string | null = null): Promise<void> {
  if (userIds.length === 0) return;
  await tx.insert(notifications).values(userIds.map((userId) => ({ userId, text, link })));
}

/** What a conversation's new line is about: a message, or an offer's step (with its price when it names one). */
export interface LineNotice {
  kind: NotificationKind;
  amountCents?: number;
}

/**
 * Who is told of a conversation's new line (issue 17), in its transaction: the party who did
 * not write it (both parties for a line nobody wrote, an offer expiring). Each gets a
 * notification linking to the thread, their push subscriptions a job each, and an email job
 * for the conversation (batched there). Answers the live events for their menus' count.
 */
export async function noticeConversationLine(
  tx: Db,
  s: Pick<AppServices, 'clock' | 'jobs'>,
  conversation: ConversationRef,
  line: { writerId: number | null; body: string; notice: LineNotice },
): Promise<LiveEvent[]> {
  const receivers = [conversation.buyerId, conversation.sellerId].filter((id) => id !== line.writerId);
  const [listing] = await tx
    .select({ title: listings.title })
    .from(listings)
    .where(eq(listings.id, conversation.listingId));
  const text = notificationText({ ...line.notice, message: line.body }, listing?.title ?? '');
  const link =
    line.notice.kind === 'message'
      ? conversationPath(conversation.refnum)
      : offerThreadPath(
          offerThreadKey(conversation.listingRefnum, conversation.buyerRefnum, conversation.sellerRefnum),
        );
  const now = s.clock.now();
  const rows = await tx
    .insert(notifications)
    .values(
      receivers.map((userId) => ({
        userId,
        kind: line.notice.kind,
        text,
        link,
        conversationId: conversation.id,
        createdAt: now,
      })),
    )
    .returning();
  const events: LiveEvent[] = [];
  for (const row of rows) {
    const subscriptions = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, row.userId));
    for (const subscription of subscriptions) {
      await s.jobs.enqueue(tx, NOTIFICATION_PUSH_JOB, { notificationId: row.id, subscriptionId: subscription.id });
    }
    // The email step decides when (batching per conversation) and whether (away, settings).
    await s.jobs.enqueue(tx, NOTIFICATION_EMAIL_JOB, { userId: row.userId, conversationId: conversation.id });
    const [unread] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userId, row.userId), isNull(notifications.readAt)));
    events.push({
      userId: row.userId,
      type: 'notification',
      payload: { notification: toNotification(row), unreadCount: unread?.n ?? 0 },
    });
  }
  return events;
}
