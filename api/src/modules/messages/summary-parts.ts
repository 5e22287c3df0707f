import { publicName } from '@yardly/shared/rules';
import { and, asc, desc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias, type PgTable, type SelectedFieldsFlat } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/connect';
import { conversations, messages, users } from '../../db/schema/index';
import type { Caller } from '../../http/caller';
import { fileUrl } from '../files/urls';
import { type ConversationRef, keyOf, messageColumns, sideOf, toMessage } from './conversations';

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
const otherPartyId = (userId: number) =>
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

/** The other party of a summary's conversation: join it on `otherPartyId(me)`. */
const otherUser = alias(users, 'other');

/** A summary's columns besides its subject's card. */
const summaryColumns = {
  id: conversations.id,
  refnum: conversations.refnum,
  buyerId: conversations.buyerId,
  sellerId: conversations.sellerId,
  lastMessageAt: conversations.lastMessageAt,
  other: {
    refnum: otherUser.refnum,
    nameFirst: otherUser.nameFirst,
    nameLast: otherUser.nameLast,
    picture: otherUser.picturePath,
  },
};

type SummaryRow = {
  id: number;
  refnum: string;
  buyerId: number;
  sellerId: number;
  lastMessageAt: Date;
  other: { refnum: string; nameFirst: string; nameLast: string; picture: string | null };
};

/**
 * What a conversation is about, a listing or a rental, as its section's list shows it: the
 * subject's table (what a list's `where` may name), the tables and columns its card reads, and
 * the card. `CardRow` is what `cardColumns` selects (its side's card row type).
 */
export interface SummarySubject<CardRow, Card extends object> {
  /** The subject's table joined to `conversations`. */
  table: [PgTable, SQL];
  /** The tables the card reads besides, joined after it (its seller in `users`, ...). */
  cardJoins: [PgTable, SQL][];
  cardColumns: SelectedFieldsFlat;
  /** The row's listing or rental and its seller (the landlord for a rental). */
  refsOf: (card: CardRow) => Pick<ConversationRef, 'subject' | 'sellerRefnum'>;
  cardOf: (card: CardRow) => Card;
}

type Page = { limit: number; offset: number; asc?: boolean };

/**
 * The caller's conversations about `subject` that `where` keeps (the caller is a party to each),
 * as their section's list shows them: the subject's card, the other party, the last line and
 * what is unread. Latest activity first unless `asc`.
 */
export async function subjectSummaries<CardRow, Card extends object>(
  db: Db,
  caller: Caller,
  subject: SummarySubject<CardRow, Card>,
  where: SQL,
  page: Page,
) {
  const order = page.asc ? asc : desc;
  let query = db
    .select({ card: subject.cardColumns, ...summaryColumns })
    .from(conversations)
    .innerJoin(...subject.table)
    .$dynamic();
  for (const [table, on] of subject.cardJoins) query = query.innerJoin(table, on);
  // The card's columns are the subject's own (`CardRow`); drizzle cannot follow them through the join loop.
  const rows = (await query
    .innerJoin(otherUser, eq(otherUser.id, otherPartyId(caller.userId)))
    .where(where)
    .orderBy(order(conversations.lastMessageAt), order(conversations.id))
    .limit(page.limit)
    .offset(page.offset)) as unknown as (SummaryRow & { card: CardRow })[];
  return summariesOf(db, caller, rows, subject);
}

/** One page of a section's conversation list (`page` numbered from 0), with how many `where` keeps in all. */
export async function summaryPage<CardRow, Card extends object>(
  db: Db,
  caller: Caller,
  subject: SummarySubject<CardRow, Card>,
  where: SQL,
  query: { page: number; size: number; asc?: boolean },
) {
  const [content, [total]] = await Promise.all([
    subjectSummaries(db, caller, subject, where, {
      limit: query.size,
      offset: query.page * query.size,
      asc: query.asc,
    }),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(conversations)
      .innerJoin(...subject.table)
      .where(where),
  ]);
  return { conversations: { content, number: query.page, size: query.size, totalElements: total?.n ?? 0 } };
}

/** Each row's summary, in the rows' order: the caller's side, the other party, the last line and what is unread. */
async function summariesOf<CardRow, Card extends object>(
  db: Db,
  caller: Caller,
  rows: (SummaryRow & { card: CardRow })[],
  subject: SummarySubject<CardRow, Card>,
) {
  const me = caller.userId;
  const lines = await latestAndUnread(
    db,
    me,
    rows.map((r) => r.id),
  );
  return rows.map((row) => {
    const ref: ConversationRef = {
      id: row.id,
      refnum: row.refnum,
      buyerId: row.buyerId,
      buyerRefnum: row.buyerId === me ? caller.userRefnum : row.other.refnum,
      sellerId: row.sellerId,
      buyerReadId: 0,
      sellerReadId: 0,
      ...subject.refsOf(row.card),
    };
    const last = lines.lastLine(row.id);
    return {
      conversationId: row.refnum,
      key: keyOf(ref),
      role: sideOf(ref, me) ?? 'buying',
      otherParty: partyOf(row.other),
      ...subject.cardOf(row.card),
      lastMessage: last ? toMessage(ref, me, last) : null,
      unreadCount: lines.unreadCount(row.id),
      lastMessageAt: row.lastMessageAt.toISOString(),
    };
  });
}
