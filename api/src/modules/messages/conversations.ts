import type { ConversationMessage } from '@yardly/shared/contract';
import { conversationKey, conversationMessages } from '@yardly/shared/rules';
import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Clock } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { newRefnum } from '../../db/refnum';
import { conversations, listings, messages, users } from '../../db/schema/index';
import { AppError } from '../../errors';

const buyer = alias(users, 'buyer');
const seller = alias(users, 'seller');

/** A conversation with the public ids of its listing and parties. */
export interface ConversationRef {
  id: number;
  refnum: string;
  listingId: number;
  listingRefnum: string;
  buyerId: number;
  buyerRefnum: string;
  sellerId: number;
  sellerRefnum: string;
  buyerReadId: number;
  sellerReadId: number;
}

function selectConversationRefs(db: Db) {
  return db
    .select({
      id: conversations.id,
      refnum: conversations.refnum,
      listingId: listings.id,
      listingRefnum: listings.refnum,
      buyerId: conversations.buyerId,
      buyerRefnum: buyer.refnum,
      sellerId: conversations.sellerId,
      sellerRefnum: seller.refnum,
      buyerReadId: conversations.buyerReadId,
      sellerReadId: conversations.sellerReadId,
    })
    .from(conversations)
    .innerJoin(listings, eq(listings.id, conversations.listingId))
    .innerJoin(buyer, eq(buyer.id, conversations.buyerId))
    .innerJoin(seller, eq(seller.id, conversations.sellerId));
}

/** Which side a person is on: null when they are not a party. */
export function sideOf(conversation: ConversationRef, userId: number): 'buying' | 'selling' | null {
  if (conversation.buyerId === userId) return 'buying';
  if (conversation.sellerId === userId) return 'selling';
  return null;
}

/**
 * A conversation the caller is a party to. Anyone else (an admin too: the console reads it from
 * a report) is refused with 403, and so is an id that names no conversation, so that the answer
 * does not tell which ids exist.
 */
export async function conversationOfParty(db: Db, refnum: string, userId: number) {
  const [conversation] = await selectConversationRefs(db).where(eq(conversations.refnum, refnum));
  const side = conversation && sideOf(conversation, userId);
  if (!conversation || !side) throw AppError.forbidden(conversationMessages.notAParty);
  return { conversation, side };
}

/** Who a conversation is between, about which listing: what opening one needs. */
export type ConversationParties = Omit<ConversationRef, 'id' | 'refnum' | 'buyerReadId' | 'sellerReadId'>;

const lockedColumns = {
  id: conversations.id,
  refnum: conversations.refnum,
  buyerReadId: conversations.buyerReadId,
  sellerReadId: conversations.sellerReadId,
};

/**
 * The conversation of a listing and buyer, opened when they have none; locked until the
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
      .where(and(eq(conversations.listingId, parties.listingId), eq(conversations.buyerId, parties.buyerId)))
      .for('update');
  const [existing] = await lock();
  if (existing) return { ...parties, ...existing };
  const now = clock.now();
  const [opened] = await tx
    .insert(conversations)
    .values({
      refnum: newRefnum('conversation'),
      listingId: parties.listingId,
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

export const keyOf = (c: ConversationRef) => conversationKey(c.listingRefnum, c.sellerRefnum);

/** The columns a line is read with. */
export const messageColumns = {
  id: messages.id,
  refnum: messages.refnum,
  kind: messages.kind,
  body: messages.body,
  senderId: messages.senderId,
  createdAt: messages.createdAt,
};
