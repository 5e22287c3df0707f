import {
  conversationPath,
  type NotificationKind,
  notificationText,
  offerThreadKey,
  offerThreadPath,
} from '@yardly/shared/rules';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { notifications } from '../../db/schema/index';
import type { AppServices } from '../../services';
import type { LiveEvent } from '../live/log';
import type { ConversationRef } from '../messages/conversations';
import { NOTIFICATION_DELIVERY_JOB } from './job-names';
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
 * notification linking to the thread and its unread count, and one delivery job, which after
 * commit pushes it to their browsers and takes the conversation's email step (batched there).
 * Answers the live events for their menus' count.
 */
export async function noticeConversationLine(
  tx: Db,
  s: Pick<AppServices, 'clock' | 'jobs'>,
  conversation: ConversationRef,
  line: { writerId: number | null; body: string; listingTitle: string; notice: LineNotice },
): Promise<LiveEvent[]> {
  const receivers = [conversation.buyerId, conversation.sellerId].filter((id) => id !== line.writerId);
  const text = notificationText({ ...line.notice, message: line.body }, line.listingTitle);
  const link =
    line.notice.kind === 'message'
      ? conversationPath(conversation.refnum)
      : offerThreadPath(
          offerThreadKey(conversation.listingRefnum, conversation.buyerRefnum, conversation.sellerRefnum),
        );
  const now = s.clock.now();
  const added = tx.$with('added').as(
    tx
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
      .returning(),
  );
  // A statement does not see its own insert: each receiver's unread count read here lacks their new one.
  const unreadBefore = tx
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, added.userId), isNull(notifications.readAt)));
  const rows = await tx
    .with(added)
    .select({
      id: added.id,
      userId: added.userId,
      kind: added.kind,
      text: added.text,
      link: added.link,
      readAt: added.readAt,
      createdAt: added.createdAt,
      unreadCount: sql<number>`(${unreadBefore}) + 1`,
    })
    .from(added);
  const events: LiveEvent[] = [];
  for (const { unreadCount, ...notification } of rows) {
    await s.jobs.enqueue(tx, NOTIFICATION_DELIVERY_JOB, { notificationId: notification.id });
    events.push({
      userId: notification.userId,
      type: 'notification',
      payload: { notification: toNotification(notification), unreadCount },
    });
  }
  return events;
}
