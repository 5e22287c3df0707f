import {
  conversationPath,
  type NotificationKind,
  notificationText,
  offerThreadKey,
  offerThreadPath,
  rentalConversationPath,
} from '@yardly/shared/rules';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { notifications } from '../../db/schema/index';
import type { AppServices } from '../../services';
import type { LiveEvent } from '../live/log';
import { NOTIFICATION_DELIVERY_JOB } from '../notifications/job-names';
import { toNotification } from '../notifications/service';
import { type ConversationRef, sectionOf } from './conversations';

/**
 * Where a conversation's notification leads the person it is for: a message to the conversation
 * (in the rentals section, `/rentalsmsg` on their own tab), an offer's step to the offer thread.
 */
function lineLink(conversation: ConversationRef, receiverId: number, notice: LineNotice): string {
  if (conversation.subject.kind === 'rental') {
    const side = receiverId === conversation.sellerId ? 'selling' : 'buying';
    return rentalConversationPath(side, conversation.refnum);
  }
  if (notice.kind === 'message') return conversationPath(conversation.refnum);
  return offerThreadPath(
    offerThreadKey(conversation.subject.refnum, conversation.buyerRefnum, conversation.sellerRefnum),
  );
}

/** What a conversation's new line is about: a message, or an offer's step (with its price when it names one). */
export interface LineNotice {
  kind: NotificationKind;
  amountCents?: number;
  /** Who made it, for a notice that names them (a seller's offer to likers). */
  from?: string;
}

/**
 * Who is told of a conversation's new line (issue 17), in its transaction: the party who did
 * not write it (both parties for a line nobody wrote, an offer expiring). Each gets a
 * notification in the conversation's section (a rental's: 'rentals') linking to the thread, and
 * that section's unread count, and one delivery job, which after
 * commit pushes it to their browsers and takes the conversation's email step (batched there).
 * Answers the live events for their menus' count.
 */
export async function noticeConversationLine(
  tx: Db,
  s: Pick<AppServices, 'clock' | 'jobs'>,
  conversation: ConversationRef,
  line: { writerId: number | null; body: string; title: string; notice: LineNotice },
): Promise<LiveEvent[]> {
  const receivers = [conversation.buyerId, conversation.sellerId].filter((id) => id !== line.writerId);
  const text = notificationText({ ...line.notice, message: line.body }, line.title);
  const section = sectionOf(conversation.subject);
  const now = s.clock.now();
  const added = tx.$with('added').as(
    tx
      .insert(notifications)
      .values(
        receivers.map((userId) => ({
          userId,
          kind: line.notice.kind,
          section,
          text,
          link: lineLink(conversation, userId, line.notice),
          conversationId: conversation.id,
          createdAt: now,
        })),
      )
      .returning(),
  );
  // A statement does not see its own insert: each receiver's unread count (in the section) read here lacks their new one.
  const unreadBefore = tx
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(
      and(eq(notifications.userId, added.userId), eq(notifications.section, section), isNull(notifications.readAt)),
    );
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
      payload: { notification: toNotification(notification), unreadCount, section },
    });
  }
  return events;
}
