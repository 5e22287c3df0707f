import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/connect';
import { newRefnum } from '../../db/refnum';
import { conversations, lineFollowUps, listings, messages, users } from '../../db/schema/index';
import type { AppServices } from '../../services';
import { type ConversationRef, openConversation } from './conversations';
import { followAfterCommit, followUpInTransaction } from './line-follow-ups';
import type { LineNotice } from './line-notices';

type LineServices = Pick<AppServices, 'clock' | 'live' | 'jobs' | 'lineFollower'>;

/**
 * Adds a line to a conversation in the caller's transaction (the conversation locked by
 * `openConversation`): a party's message, or a system line when `senderId` is null. The sender
 * has read up to it. The other party is told (`notice`: a message unless said otherwise, the one
 * place that decides it: notification, push, email) and both parties' open pages get the line:
 * for a message, by the line follower once the line has committed with its follow-up row and
 * nothing else (ADR 0073); with `inTransaction` (a system line, in its step's transaction), in
 * the caller's transaction.
 */
export async function appendLine(
  tx: Db,
  s: LineServices,
  conversation: ConversationRef,
  /** `title`: the listing's or the rental's, as its notification names it. */
  line: {
    senderId: number | null;
    body: string;
    title: string;
    readBy?: number;
    notice?: LineNotice;
    inTransaction?: boolean;
  },
) {
  const now = s.clock.now();
  const added = tx.$with('line').as(
    tx
      .insert(messages)
      .values({
        refnum: newRefnum('message'),
        conversationId: conversation.id,
        senderId: line.senderId,
        kind: line.senderId === null ? 'system' : 'text',
        body: line.body,
        createdAt: now,
      })
      .returning(),
  );
  const followed = {
    writerId: line.senderId ?? line.readBy ?? null,
    title: line.title,
    notice: line.notice ?? { kind: 'message' },
  };
  const followUp = tx.$with('follow_up').as(
    tx
      .insert(lineFollowUps)
      .select(
        tx
          .select({
            messageId: added.id,
            writerId: sql<number | null>`${followed.writerId}::bigint`.as('writer_id'),
            title: sql<string>`${followed.title}::text`.as('title'),
            notice: sql<unknown>`${JSON.stringify(followed.notice)}::jsonb`.as('notice'),
          })
          .from(added),
      )
      .returning({ messageId: lineFollowUps.messageId }),
  );
  // Whoever wrote the line (or took the offer's step) has read up to it: the line, the marker and the follow-up row in one statement.
  const reader = line.readBy ?? line.senderId;
  const lineId = sql<number>`${added.id}`;
  const readBy =
    reader === conversation.buyerId
      ? { buyerReadId: lineId }
      : reader === conversation.sellerId
        ? { sellerReadId: lineId }
        : {};
  const [row] = await tx
    .with(added, ...(line.inTransaction ? [] : [followUp]))
    .update(conversations)
    .set({ lastMessageAt: now, ...readBy })
    .from(added)
    .where(eq(conversations.id, conversation.id))
    .returning({
      id: added.id,
      refnum: added.refnum,
      kind: added.kind,
      body: added.body,
      senderId: added.senderId,
      createdAt: added.createdAt,
    });
  if (!row) throw new Error('a line just written is missing');
  if (!line.inTransaction) followAfterCommit(tx, s.lineFollower);
  else {
    const { writerId, title, notice } = followed;
    await followUpInTransaction(tx, s, { ...row, messageId: row.id, conversation, writerId, title, notice });
  }
  return row;
}

const seller = alias(users, 'seller');
const buyer = alias(users, 'buyer');

/**
 * A system line (an offer's step, rendered by `offerLine` in shared rules) in the conversation of
 * a listing and buyer, opened if they have none. For the offers capability to call inside its
 * transition's transaction, so the step and its line commit together. `actorId`, the party who
 * took the step (none for a timer's), does not see it as unread.
 */
export async function appendSystemLine(
  tx: Db,
  s: LineServices,
  line: { listingId: number; buyerId: number; text: string; actorId?: number | null; notice: LineNotice },
) {
  const [listing] = await tx
    .select({
      listingRefnum: listings.refnum,
      listingTitle: listings.title,
      sellerId: listings.sellerId,
      sellerRefnum: seller.refnum,
      buyerRefnum: buyer.refnum,
    })
    .from(listings)
    .innerJoin(seller, eq(seller.id, listings.sellerId))
    .innerJoin(buyer, eq(buyer.id, line.buyerId))
    .where(eq(listings.id, line.listingId));
  if (!listing) throw new Error(`no listing ${line.listingId} (or buyer ${line.buyerId}) for a system line`);
  const { listingTitle, listingRefnum, ...refs } = listing;
  const conversation = await openConversation(tx, s.clock, {
    ...refs,
    subject: { kind: 'listing', id: line.listingId, refnum: listingRefnum },
    buyerId: line.buyerId,
  });
  return appendLine(tx, s, conversation, {
    senderId: null,
    body: line.text,
    title: listingTitle,
    readBy: line.actorId ?? undefined,
    notice: line.notice,
    inTransaction: true,
  });
}
