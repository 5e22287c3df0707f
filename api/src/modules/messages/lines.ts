import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/connect';
import { newRefnum } from '../../db/refnum';
import { conversations, listings, messages, users } from '../../db/schema/index';
import type { AppServices } from '../../services';
import { type ConversationRef, openConversation, sectionOf, toMessage } from './conversations';
import { type LineNotice, noticeConversationLine } from './line-notices';

type LineServices = Pick<AppServices, 'clock' | 'live' | 'jobs'>;

/**
 * Adds a line to a conversation in the caller's transaction (the conversation locked by
 * `openConversation`): a party's message, or a system line when `senderId` is null. Both
 * parties' open pages get it when the transaction commits; the sender has read up to it. The
 * other party is notified (`notice`: a message unless said otherwise), the one place that decides it.
 */
export async function appendLine(
  tx: Db,
  s: LineServices,
  conversation: ConversationRef,
  /** `title`: the listing's or the rental's, as its notification names it. */
  line: { senderId: number | null; body: string; title: string; readBy?: number; notice?: LineNotice },
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
  // Whoever wrote the line (or took the offer's step) has read up to it: the line and the marker in one statement.
  const reader = line.readBy ?? line.senderId;
  const lineId = sql<number>`${added.id}`;
  const readBy =
    reader === conversation.buyerId
      ? { buyerReadId: lineId }
      : reader === conversation.sellerId
        ? { sellerReadId: lineId }
        : {};
  const [row] = await tx
    .with(added)
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
  const noticed = await noticeConversationLine(tx, s, conversation, {
    writerId: line.senderId ?? line.readBy ?? null,
    body: line.body,
    title: line.title,
    notice: line.notice ?? { kind: 'message' },
  });
  await s.live.record(tx, [
    ...[conversation.buyerId, conversation.sellerId].map((userId) => ({
      userId,
      type: 'message',
      payload: {
        conversationId: conversation.refnum,
        listingRefnum: conversation.subject.refnum,
        section: sectionOf(conversation.subject),
        message: toMessage(conversation, userId, row),
      },
    })),
    ...noticed,
  ]);
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
  });
}
