import {
  conversationPath,
  type NotificationKind,
  notificationText,
  offerThreadKey,
  offerThreadPath,
  rentalConversationPath,
} from '@yardly/shared/rules';
import { and, eq, isNull, sql, type WithSubquery } from 'drizzle-orm';
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

/** A committed line to tell of, with the conversation it is in. */
export interface NoticedLine {
  messageId: number;
  conversation: ConversationRef;
  /** Who wrote it (or took the offer's step): not told. Null: both parties are. */
  writerId: number | null;
  body: string;
  title: string;
  notice: LineNotice;
  createdAt: Date;
}

/** The parties a line is told to: who did not write it. */
const receiversOf = (line: NoticedLine) =>
  [line.conversation.buyerId, line.conversation.sellerId].filter((id) => id !== line.writerId);

/**
 * Who is told of conversations' new lines (issue 17), in the line follower's transaction
 * (line-follow-ups.ts): the party who did not write each (both parties for a line nobody wrote,
 * an offer expiring). Each gets a notification in the conversation's section (a rental's:
 * 'rentals') linking to the thread, dated as the line, and that section's unread count, and one
 * delivery job, which after commit pushes it to their browsers and takes the conversation's
 * email step (batched there). Answers each line's live events for their menus' count.
 */
export async function noticeConversationLines(
  tx: Db,
  s: Pick<AppServices, 'jobs'>,
  lines: readonly NoticedLine[],
  /** A write that goes in the same statement (the follower's rows done with: one round trip less). */
  alongside?: WithSubquery,
): Promise<Map<number, LiveEvent[]>> {
  const values = lines.flatMap((line) => {
    const text = notificationText({ ...line.notice, message: line.body }, line.title);
    const section = sectionOf(line.conversation.subject);
    return receiversOf(line).map((userId) => ({
      userId,
      kind: line.notice.kind,
      section,
      text,
      link: lineLink(line.conversation, userId, line.notice),
      conversationId: line.conversation.id,
      createdAt: line.createdAt,
    }));
  });
  const events = new Map<number, LiveEvent[]>();
  if (values.length === 0) {
    if (alongside) await tx.with(alongside).select({ n: sql<number>`count(*)::int` }).from(alongside);
    return events;
  }
  const added = tx.$with('added').as(tx.insert(notifications).values(values).returning());
  // A statement does not see its own insert: each receiver's unread count (in the section) read here
  // lacks the new ones, which are counted up to each (a person may have several in a batch).
  const unreadBefore = tx
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, added.userId),
        eq(notifications.section, added.section),
        isNull(notifications.readAt),
      ),
    );
  const rows = await tx
    .with(added, ...(alongside ? [alongside] : []))
    .select({
      id: added.id,
      userId: added.userId,
      kind: added.kind,
      section: added.section,
      text: added.text,
      link: added.link,
      readAt: added.readAt,
      createdAt: added.createdAt,
      unreadCount: sql<number>`((${unreadBefore}) + row_number() over (partition by ${added.userId}, ${added.section} order by ${added.id}))::int`,
    })
    .from(added)
    .orderBy(added.id);
  // One delivery job each, in one statement.
  await s.jobs.enqueueAll(
    tx,
    NOTIFICATION_DELIVERY_JOB,
    rows.map((n) => ({ notificationId: n.id })),
  );
  // In the order written: a line's notifications follow the previous line's.
  let next = 0;
  for (const line of lines) {
    const count = receiversOf(line).length;
    events.set(
      line.messageId,
      rows.slice(next, next + count).map(({ unreadCount, section, ...notification }) => ({
        userId: notification.userId,
        type: 'notification',
        payload: { notification: toNotification(notification), unreadCount, section },
      })),
    );
    next += count;
  }
  return events;
}
