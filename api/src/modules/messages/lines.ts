import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { newRefnum } from '../../db/refnum';
import { conversations, listings, messages } from '../../db/schema/index';
import type { AppServices } from '../../services';
import { type LineNotice, noticeConversationLine } from '../notifications/notify';
import { type ConversationRef, messageColumns, openConversation, toMessage } from './conversations';

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
  line: { senderId: number | null; body: string; readBy?: number; notice?: LineNotice },
) {
  const now = s.clock.now();
  const [row] = await tx
    .insert(messages)
    .values({
      refnum: newRefnum('message'),
      conversationId: conversation.id,
      senderId: line.senderId,
      kind: line.senderId === null ? 'system' : 'text',
      body: line.body,
      createdAt: now,
    })
    .returning(messageColumns);
  if (!row) throw new Error('a line just written is missing');
  // Whoever wrote the line (or took the offer's step) has read up to it.
  const reader = line.readBy ?? line.senderId;
  const readBy =
    reader === conversation.buyerId
      ? { buyerReadId: row.id }
      : reader === conversation.sellerId
        ? { sellerReadId: row.id }
        : {};
  await tx
    .update(conversations)
    .set({ lastMessageAt: now, ...readBy })
    .where(eq(conversations.id, conversation.id));
  const noticed = await noticeConversationLine(tx, s, conversation, {
    writerId: line.senderId ?? line.readBy ?? null,
    body: line.body,
    notice: line.notice ?? { kind: 'message' },
  });
  await s.live.record(tx, [
    ...[conversation.buyerId, conversation.sellerId].map((userId) => ({
      userId,
      type: 'message',
      payload: {
        conversationId: conversation.refnum,
        listingRefnum: conversation.listingRefnum,
        message: toMessage(conversation, userId, row),
      },
    })),
    ...noticed,
  ]);
  return row;
}

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
    .select({ sellerId: listings.sellerId })
    .from(listings)
    .where(eq(listings.id, line.listingId));
  if (!listing) throw new Error(`no listing ${line.listingId} for a system line`);
  const conversation = await openConversation(tx, s.clock, {
    listingId: line.listingId,
    buyerId: line.buyerId,
    sellerId: listing.sellerId,
  });
  return appendLine(tx, s, conversation, {
    senderId: null,
    body: line.text,
    readBy: line.actorId ?? undefined,
    notice: line.notice,
  });
}
