import { publicName } from '@yardly/shared/rules';
import { and, desc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { conversations, messages } from '../../db/schema/index';
import { fileUrl } from '../files/urls';
import { messageColumns } from './conversations';

/**
 * What a conversation's summary shows besides its subject, the same in both sections (the
 * marketplace's 'My Messages' and the rentals' messages): the other party, the last line and the
 * lines unread.
 */

/** Lines a person has not read in a conversation: after their marker, not their own. */
export function unreadIn(userId: number): SQL {
  return and(
    or(
      and(eq(conversations.buyerId, userId), sql`${messages.id} > ${conversations.buyerReadId}`),
      and(eq(conversations.sellerId, userId), sql`${messages.id} > ${conversations.sellerReadId}`),
    ),
    or(isNull(messages.senderId), ne(messages.senderId, userId)),
  ) as SQL;
}

/** The other party's id in a conversation of `userId`. */
export const otherPartyId = (userId: number) =>
  sql<number>`case when ${conversations.buyerId} = ${userId} then ${conversations.sellerId} else ${conversations.buyerId} end`;

/** First name and last initial: enough to recognise, not to look someone up (as on a listing's seller). */
export function partyOf(user: { refnum: string; nameFirst: string; nameLast: string; picture: string | null }) {
  return {
    userRefnum: user.refnum,
    name: publicName(user.nameFirst, user.nameLast),
    pictureUrl: user.picture ? fileUrl(user.picture) : null,
  };
}

/** The last line of each conversation and how many lines `userId` has not read in it. */
export async function latestAndUnread(db: Db, userId: number, ids: number[]) {
  if (ids.length === 0) return { lastLine: () => undefined, unreadCount: () => 0 };
  const [lastLines, unread] = await Promise.all([
    db
      .selectDistinctOn([messages.conversationId], { conversationId: messages.conversationId, ...messageColumns })
      .from(messages)
      .where(inArray(messages.conversationId, ids))
      .orderBy(messages.conversationId, desc(messages.id)),
    db
      .select({ conversationId: messages.conversationId, n: sql<number>`count(*)::int` })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(and(inArray(messages.conversationId, ids), unreadIn(userId)))
      .groupBy(messages.conversationId),
  ]);
  return {
    lastLine: (conversationId: number) => lastLines.find((l) => l.conversationId === conversationId),
    unreadCount: (conversationId: number) => unread.find((u) => u.conversationId === conversationId)?.n ?? 0,
  };
}
