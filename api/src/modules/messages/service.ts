import type { CallData, conversationsCall, ListingCard } from '@yardly/shared/contract';
import { conversationMessages, type NotificationSection } from '@yardly/shared/rules';
import { and, desc, eq, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { conversations, listings, messages, users, zipCodes } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import type { AppServices } from '../../services';
import { type CardRow, cardColumns, toCard } from '../listings/cards';
import { type ConversationRef, conversationOfParty, messageColumns, toMessage } from './conversations';
import { rentalAsListingCard, rentalSubject } from './rental-summaries';
import { type SummarySubject, subjectSummaries, summaryPage, unreadIn } from './summary-parts';

type Services = Pick<AppServices, 'db' | 'clock' | 'live'>;

type ConversationsQuery = { type: string; listingRefnum?: string; page: number; size: number };
type ConversationsPage = CallData<typeof conversationsCall>;

/** A sale conversation as 'My Messages' shows it: with the listing's card (`listing`) as at `now`. */
const listingSubject = (now: Date): SummarySubject<CardRow, { listing: ListingCard }> => ({
  table: [listings, eq(listings.id, conversations.listingId)],
  cardJoins: [
    [users, eq(users.id, listings.sellerId)],
    [zipCodes, eq(zipCodes.zip, listings.zip)],
  ],
  cardColumns: cardColumns(now),
  refsOf: (card) => ({
    subject: { kind: 'listing', id: card.id, refnum: card.refnum },
    sellerRefnum: card.sellerRefnum,
  }),
  cardOf: (card) => ({ listing: toCard(card, now) }),
});

/** 'My Messages': the caller's conversations on a tab, latest activity first (their cards as at `now`). */
export function listConversations(
  db: Db,
  caller: Caller,
  query: ConversationsQuery,
  now: Date,
): Promise<ConversationsPage> {
  const me = caller.userId;
  const side =
    query.type === 'buying'
      ? eq(conversations.buyerId, me)
      : query.type === 'selling'
        ? eq(conversations.sellerId, me)
        : or(eq(conversations.buyerId, me), eq(conversations.sellerId, me));
  const where = and(side, query.listingRefnum ? eq(listings.refnum, query.listingRefnum) : undefined) as SQL;
  return summaryPage(db, caller, listingSubject(now), where, query);
}

/** The count on 'My Messages': lines unread across the caller's sale conversations (not rental ones), and in how many. */
export async function unreadSummary(db: Db, caller: Caller, section: NotificationSection = 'market') {
  const [row] = await db
    .select({
      unreadCount: sql<number>`count(*)::int`,
      conversations: sql<number>`count(distinct ${messages.conversationId})::int`,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        section === 'rentals' ? isNotNull(conversations.rentalId) : isNotNull(conversations.listingId),
        unreadIn(caller.userId),
      ),
    );
  return { unreadCount: row?.unreadCount ?? 0, conversations: row?.conversations ?? 0 };
}

/** A conversation's latest lines (or those before a line), oldest first, for its two parties only. */
export async function conversationHistory(
  db: Db,
  caller: Caller,
  query: { conversationId: string; before?: string; size: number },
  now: Date,
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
  return {
    conversation: await historyHead(db, caller, conversation, now),
    messages: page.map((row) => toMessage(conversation, caller.userId, row)),
    hasMore: rows.length > query.size,
  };
}

/**
 * The head of a conversation's history, the caller a party to it: a sale conversation as 'My
 * Messages' shows it; a rental one (the rentals page reads its lines here) with the rental as
 * its subject card and `section: 'rentals'`.
 */
async function historyHead(db: Db, caller: Caller, conversation: ConversationRef, now: Date) {
  const one = eq(conversations.id, conversation.id);
  const onePage = { limit: 1, offset: 0 };
  if (conversation.subject.kind === 'rental') {
    const [summary] = await subjectSummaries(db, caller, rentalSubject, one, onePage);
    if (!summary) throw new Error('a rental conversation of the caller is missing');
    const { lastMessage: _, rental, ...head } = summary;
    return { ...head, listing: rentalAsListingCard(rental), section: 'rentals' as const };
  }
  const [summary] = await subjectSummaries(db, caller, listingSubject(now), one, onePage);
  if (!summary) throw new Error('a conversation of the caller is missing');
  const { lastMessage: _, ...head } = summary;
  return { ...head, section: 'market' as const };
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
