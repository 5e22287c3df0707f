import type { CallData, ConversationSummary, conversationsCall } from '@yardly/shared/contract';
import { conversationMessages, publicName } from '@yardly/shared/rules';
import { and, desc, eq, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/connect';
import { conversations, listings, messages, users, zipCodes } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import type { AppServices } from '../../services';
import { fileUrl } from '../files/urls';
import { cardColumns, toCard } from '../listings/cards';
import { type ConversationRef, conversationOfParty, keyOf, messageColumns, sideOf, toMessage } from './conversations';

type Services = Pick<AppServices, 'db' | 'clock' | 'live'>;

/** Lines a person has not read in a conversation: after their marker, not their own. */
function unreadIn(userId: number): SQL {
  return and(
    or(
      and(eq(conversations.buyerId, userId), sql`${messages.id} > ${conversations.buyerReadId}`),
      and(eq(conversations.sellerId, userId), sql`${messages.id} > ${conversations.sellerReadId}`),
    ),
    or(isNull(messages.senderId), ne(messages.senderId, userId)),
  ) as SQL;
}

const other = alias(users, 'other');

type ConversationsQuery = { type: string; listingRefnum?: string; page: number; size: number };
type ConversationsPage = CallData<typeof conversationsCall>;

/** 'My Messages': the caller's conversations on a tab, latest activity first. */
export async function listConversations(db: Db, caller: Caller, query: ConversationsQuery): Promise<ConversationsPage> {
  const me = caller.userId;
  const side =
    query.type === 'buying'
      ? eq(conversations.buyerId, me)
      : query.type === 'selling'
        ? eq(conversations.sellerId, me)
        : or(eq(conversations.buyerId, me), eq(conversations.sellerId, me));
  const where = and(side, query.listingRefnum ? eq(listings.refnum, query.listingRefnum) : undefined) as SQL;
  const [content, [total]] = await Promise.all([
    summaries(db, caller, where, { limit: query.size, offset: query.page * query.size }),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(conversations)
      .innerJoin(listings, eq(listings.id, conversations.listingId))
      .where(where),
  ]);
  return { conversations: { content, number: query.page, size: query.size, totalElements: total?.n ?? 0 } };
}

/** The caller's conversations that `where` keeps, as 'My Messages' shows them (the caller is a party to each). */
async function summaries(db: Db, caller: Caller, where: SQL, page: { limit: number; offset: number }) {
  const me = caller.userId;
  const otherId = sql`case when ${conversations.buyerId} = ${me} then ${conversations.sellerId} else ${conversations.buyerId} end`;
  const rows = await db
    .select({
      card: cardColumns,
      id: conversations.id,
      refnum: conversations.refnum,
      buyerId: conversations.buyerId,
      sellerId: conversations.sellerId,
      lastMessageAt: conversations.lastMessageAt,
      other: { refnum: other.refnum, nameFirst: other.nameFirst, nameLast: other.nameLast, picture: other.picturePath },
    })
    .from(conversations)
    .innerJoin(listings, eq(listings.id, conversations.listingId))
    .innerJoin(users, eq(users.id, listings.sellerId))
    .innerJoin(zipCodes, eq(zipCodes.zip, listings.zip))
    .innerJoin(other, eq(other.id, otherId))
    .where(where)
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(page.limit)
    .offset(page.offset);
  const ids = rows.map((r) => r.id);
  const [lastLines, unread] = ids.length
    ? await Promise.all([
        db
          .selectDistinctOn([messages.conversationId], { conversationId: messages.conversationId, ...messageColumns })
          .from(messages)
          .where(inArray(messages.conversationId, ids))
          .orderBy(messages.conversationId, desc(messages.id)),
        db
          .select({ conversationId: messages.conversationId, n: sql<number>`count(*)::int` })
          .from(messages)
          .innerJoin(conversations, eq(conversations.id, messages.conversationId))
          .where(and(inArray(messages.conversationId, ids), unreadIn(me)))
          .groupBy(messages.conversationId),
      ])
    : [[], []];
  const content: ConversationSummary[] = rows.map((row) => {
    const ref: ConversationRef = {
      id: row.id,
      refnum: row.refnum,
      listingId: row.card.id,
      listingRefnum: row.card.refnum,
      buyerId: row.buyerId,
      buyerRefnum: row.buyerId === me ? caller.userRefnum : row.other.refnum,
      sellerId: row.sellerId,
      sellerRefnum: row.card.sellerRefnum,
      buyerReadId: 0,
      sellerReadId: 0,
    };
    const last = lastLines.find((l) => l.conversationId === row.id);
    return {
      conversationId: row.refnum,
      key: keyOf(ref),
      role: sideOf(ref, me) ?? 'buying',
      otherParty: partyOf(row.other),
      listing: toCard(row.card),
      lastMessage: last ? toMessage(ref, me, last) : null,
      unreadCount: unread.find((u) => u.conversationId === row.id)?.n ?? 0,
      lastMessageAt: row.lastMessageAt.toISOString(),
    };
  });
  return content;
}

/** First name and last initial: enough to recognise, not to look someone up (as on a listing's seller). */
export function partyOf(user: { refnum: string; nameFirst: string; nameLast: string; picture: string | null }) {
  return {
    userRefnum: user.refnum,
    name: publicName(user.nameFirst, user.nameLast),
    pictureUrl: user.picture ? fileUrl(user.picture) : null,
  };
}

/** The count on 'My Messages': lines unread across the caller's conversations, and in how many. */
export async function unreadSummary(db: Db, caller: Caller) {
  const [row] = await db
    .select({
      unreadCount: sql<number>`count(*)::int`,
      conversations: sql<number>`count(distinct ${messages.conversationId})::int`,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(unreadIn(caller.userId));
  return { unreadCount: row?.unreadCount ?? 0, conversations: row?.conversations ?? 0 };
}

/** A conversation's latest lines (or those before a line), oldest first, for its two parties only. */
export async function conversationHistory(
  db: Db,
  caller: Caller,
  query: { conversationId: string; before?: string; size: number },
) {
  const { conversation } = await conversationOfParty(db, query.conversationId, caller.userId);
  let beforeId: number | undefined;
  if (query.before) {
    const [line] = await db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.refnum, query.before), eq(messages.conversationId, conversation.id)));
    if (!line) throw AppError.badRequest(conversationMessages.unknownLine, 'before');
    beforeId = line.id;
  }
  const rows = await db
    .select(messageColumns)
    .from(messages)
    .where(and(eq(messages.conversationId, conversation.id), beforeId ? lt(messages.id, beforeId) : undefined))
    .orderBy(desc(messages.id))
    .limit(query.size + 1);
  const page = rows.slice(0, query.size).reverse();
  const [summary] = await summaries(db, caller, eq(conversations.id, conversation.id), { limit: 1, offset: 0 });
  if (!summary) throw new Error('a conversation of the caller is missing');
  const { lastMessage: _, ...head } = summary;
  return {
    conversation: head,
    messages: page.map((row) => toMessage(conversation, caller.userId, row)),
    hasMore: rows.length > query.size,
  };
}

/** The caller has read every line of a conversation; their other tabs are told. */
export async function markConversationRead(s: Services, caller: Caller, conversationId: string) {
  const { conversation, side } = await conversationOfParty(s.db, conversationId, caller.userId);
  await s.db.transaction(async (tx) => {
    const latest = sql`(select coalesce(max(${messages.id}), 0) from ${messages} where ${messages.conversationId} = ${conversation.id})`;
    await tx
      .update(conversations)
      .set(side === 'buying' ? { buyerReadId: latest } : { sellerReadId: latest })
      .where(eq(conversations.id, conversation.id));
    await s.live.record(tx, [{ userId: caller.userId, type: 'read', payload: { conversationId } }]);
  });
  return { conversationId, unreadCount: 0 };
}
