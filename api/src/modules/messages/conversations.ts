import type { ConversationMessage } from '@yardly/shared/contract';
import { conversationKey, conversationMessages, type NotificationSection } from '@yardly/shared/rules';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Clock } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { newRefnum } from '../../db/refnum';
import { conversations, listings, messages, rentals, users } from '../../db/schema/index';
import { AppError } from '../../errors';

const buyer = alias(users, 'buyer');
const seller = alias(users, 'seller');

/**
 * What a conversation is about: a sale listing (the marketplace's 'My Messages') or a rental (the
 * rentals section's, issue 20), each a section of its own that never lists the other's.
 */
export interface ConversationSubject {
  kind: 'listing' | 'rental';
  id: number;
  refnum: string;
}

/** Which section a conversation's lists, notifications and emails belong to. */
export const sectionOf = (subject: ConversationSubject): NotificationSection =>
  subject.kind === 'rental' ? 'rentals' : 'market';

/** A conversation with the public ids of its subject and parties. */
export interface ConversationRef {
  id: number;
  refnum: string;
  subject: ConversationSubject;
  buyerId: number;
  buyerRefnum: string;
  sellerId: number;
  sellerRefnum: string;
  buyerReadId: number;
  sellerReadId: number;
}

/** The subject's columns: exactly one of a listing and a rental is set (`conversations_one_subject`). */
const subjectColumns = {
  listingId: conversations.listingId,
  rentalId: conversations.rentalId,
  subjectRefnum: sql<string>`coalesce(${listings.refnum}, ${rentals.refnum})`,
};

function subjectOf(row: {
  listingId: number | null;
  rentalId: number | null;
  subjectRefnum: string;
}): ConversationSubject {
  return row.listingId !== null
    ? { kind: 'listing', id: row.listingId, refnum: row.subjectRefnum }
    : { kind: 'rental', id: row.rentalId ?? 0, refnum: row.subjectRefnum };
}

/** Conversations about this subject. */
export function aboutSubject(subject: Pick<ConversationSubject, 'kind' | 'id'>): SQL {
  return subject.kind === 'listing' ? eq(conversations.listingId, subject.id) : eq(conversations.rentalId, subject.id);
}

async function selectConversationRefs(db: Db, where: SQL): Promise<ConversationRef[]> {
  const rows = await db
    .select({
      id: conversations.id,
      refnum: conversations.refnum,
      ...subjectColumns,
      buyerId: conversations.buyerId,
      buyerRefnum: buyer.refnum,
      sellerId: conversations.sellerId,
      sellerRefnum: seller.refnum,
      buyerReadId: conversations.buyerReadId,
      sellerReadId: conversations.sellerReadId,
    })
    .from(conversations)
    .leftJoin(listings, eq(listings.id, conversations.listingId))
    .leftJoin(rentals, eq(rentals.id, conversations.rentalId))
    .innerJoin(buyer, eq(buyer.id, conversations.buyerId))
    .innerJoin(seller, eq(seller.id, conversations.sellerId))
    .where(where);
  return rows.map(({ listingId, rentalId, subjectRefnum, ...row }) => ({
    ...row,
    subject: subjectOf({ listingId, rentalId, subjectRefnum }),
  }));
}

/** Which side a person is on: null when they are not a party. */
export function sideOf(conversation: ConversationRef, userId: number): 'buying' | 'selling' | null {
  if (conversation.buyerId === userId) return 'buying';
  if (conversation.sellerId === userId) return 'selling';
  return null;
}

/**
 * A conversation the caller is a party to, about a listing or a rental. Anyone else (an admin
 * too: the console reads it from a report) is refused with 403, and so is an id that names no
 * conversation, so that the answer does not tell which ids exist.
 */
export async function conversationOfParty(db: Db, refnum: string, userId: number) {
  const [conversation] = await selectConversationRefs(db, eq(conversations.refnum, refnum));
  const side = conversation && sideOf(conversation, userId);
  if (!conversation || !side) throw AppError.forbidden(conversationMessages.notAParty);
  return { conversation, side };
}

/** Who a conversation is between, about what: what opening one needs. */
export type ConversationParties = Omit<ConversationRef, 'id' | 'refnum' | 'buyerReadId' | 'sellerReadId'>;

const lockedColumns = {
  id: conversations.id,
  refnum: conversations.refnum,
  buyerReadId: conversations.buyerReadId,
  sellerReadId: conversations.sellerReadId,
};

/**
 * The conversation of a subject (a listing or a rental) and buyer, opened when they have none; locked until the
 * transaction ends, so that its lines are added one at a time and their order is their id's.
 * Locked without writing it: a row this transaction wrote has its foreign keys checked again
 * when it is next updated (locking the listing, which an offer step holds while it waits for
 * this conversation).
 */
export async function openConversation(tx: Db, clock: Clock, parties: ConversationParties): Promise<ConversationRef> {
  const lock = () =>
    tx
      .select(lockedColumns)
      .from(conversations)
      .where(and(aboutSubject(parties.subject), eq(conversations.buyerId, parties.buyerId)))
      .for('update');
  const [existing] = await lock();
  if (existing) return { ...parties, ...existing };
  const now = clock.now();
  const [opened] = await tx
    .insert(conversations)
    .values({
      refnum: newRefnum('conversation'),
      ...(parties.subject.kind === 'listing' ? { listingId: parties.subject.id } : { rentalId: parties.subject.id }),
      buyerId: parties.buyerId,
      sellerId: parties.sellerId,
      lastMessageAt: now,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning(lockedColumns);
  // Opened meanwhile by another transaction (the insert waited for it to commit): lock that one.
  const [row] = opened ? [opened] : await lock();
  if (!row) throw new Error('a conversation just opened is missing');
  return { ...parties, ...row };
}

/** A line as a party sees it. */
export function toMessage(
  conversation: ConversationRef,
  viewerId: number,
  row: { refnum: string; kind: 'text' | 'system'; body: string; senderId: number | null; createdAt: Date },
): ConversationMessage {
  const senderRefnum =
    row.senderId === null
      ? null
      : row.senderId === conversation.buyerId
        ? conversation.buyerRefnum
        : conversation.sellerRefnum;
  return {
    messageId: row.refnum,
    kind: row.kind,
    text: row.body,
    senderRefnum,
    mine: row.senderId !== null && row.senderId === viewerId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Spec section 3's key: `listingRefnum_sellerRefnum`, for a rental `refnum_landlordRefnum`. */
export const keyOf = (c: ConversationRef) => conversationKey(c.subject.refnum, c.sellerRefnum);

/** The columns a line is read with. */
export const messageColumns = {
  id: messages.id,
  refnum: messages.refnum,
  kind: messages.kind,
  body: messages.body,
  senderId: messages.senderId,
  createdAt: messages.createdAt,
};
