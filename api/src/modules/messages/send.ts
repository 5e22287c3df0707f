import type { SendMessageBody } from '@yardly/shared/contract';
import {
  conversationMessages,
  listingActionMessages,
  MESSAGE_RATE_LIMIT,
  messageRateMessage,
} from '@yardly/shared/rules';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/connect';
import { conversations, listings, orders, users } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import type { AppServices } from '../../services';
import { rateLimits } from '../auth/rate-limits';
import { visibleListing } from '../listings/visibility';
import { openableByCaller } from '../organisation-marketplace/visibility';
import { type ConversationParties, openConversation, toMessage } from './conversations';
import { appendLine } from './lines';

type Services = Pick<AppServices, 'db' | 'clock' | 'live' | 'jobs'>;

/**
 * Sends a message about a listing. A buyer writes to its seller (opening their conversation
 * while the listing is live, or when they ordered it); the seller replies to a buyer who wrote,
 * or writes first to the buyer of an order of it. Anyone else: 403.
 * At most `MESSAGE_RATE_LIMIT` sends a minute per sender: then 429 until the minute is over.
 */
export async function sendMessage(s: Services, caller: Caller, body: SendMessageBody & { text: string }) {
  const context = await sendContext(s.db, caller, body, s.clock.now());
  // Past the limit nothing is sent, notified or mailed; the attempt counts whatever the answer:
  // with the send when it goes through (one commit), on its own when it is refused.
  const limits = rateLimits(s.db, s.clock);
  const key = `messages:${caller.userId}`;
  let sending: ReturnType<typeof partiesOf>;
  try {
    sending = partiesOf(context, caller, body.toRefnum);
  } catch (refusal) {
    await limits.spend(key, MESSAGE_RATE_LIMIT, messageRateMessage);
    throw refusal;
  }
  const { parties, listingTitle } = sending;
  return limits.within(key, MESSAGE_RATE_LIMIT, messageRateMessage, async (tx) => {
    const conversation = await openConversation(tx, s.clock, parties);
    const row = await appendLine(tx, s, conversation, {
      senderId: caller.userId,
      body: body.text,
      title: listingTitle,
    });
    return { conversationId: conversation.refnum, message: toMessage(conversation, caller.userId, row) };
  });
}

const seller = alias(users, 'seller');
const recipient = alias(users, 'recipient');

/**
 * Everything the send decides on, in one read: the listing and its seller, the person written
 * to, whether the listing is live at `now`, and the conversation the message would go in, if there is one
 * (the caller's as its buyer, or, for its seller, the one with the person written to).
 */
async function sendContext(db: Db, caller: Caller, body: { listingRefnum: string; toRefnum: string }, now: Date) {
  const buyerId = sql`case when ${listings.sellerId} = ${caller.userId} then ${recipient.id} else ${caller.userId} end`;
  const [row] = await db
    .select({
      listingId: listings.id,
      listingTitle: listings.title,
      isLive: sql<boolean>`${visibleListing('listed', 'public', now)}`,
      // An organisation's listing is written about by its members only (and its seller).
      openable: sql<boolean>`${openableByCaller(caller)}`,
      sellerId: listings.sellerId,
      sellerRefnum: seller.refnum,
      recipientId: recipient.id,
      conversationId: conversations.id,
      // The buyer has an order of it: the two may write about it once it is sold (the order page's Message seller/buyer).
      hasOrder: sql<boolean>`exists (select 1 from ${orders} where ${orders.listingId} = ${listings.id}
        and ${orders.buyerId} = ${buyerId})`,
    })
    .from(listings)
    .innerJoin(seller, eq(seller.id, listings.sellerId))
    .leftJoin(recipient, eq(recipient.refnum, body.toRefnum))
    .leftJoin(conversations, and(eq(conversations.listingId, listings.id), eq(conversations.buyerId, buyerId)))
    .where(eq(listings.refnum, body.listingRefnum));
  return row && { ...row, listingRefnum: body.listingRefnum };
}

type SendContext = Awaited<ReturnType<typeof sendContext>>;

/**
 * Who the message is between, or the refusal: 404 for no listing, one the caller may not open
 * (another organisation's), or a new conversation about one not live; 403 for the wrong person.
 */
function partiesOf(
  context: SendContext,
  caller: Caller,
  toRefnum: string,
): { parties: ConversationParties; listingTitle: string } {
  if (!context?.openable) throw AppError.notFound(listingActionMessages.notFound);
  const listing = { subject: { kind: 'listing', id: context.listingId, refnum: context.listingRefnum } as const };
  const { listingTitle } = context;
  if (caller.userId === context.sellerId) {
    if (toRefnum === caller.userRefnum) throw AppError.badRequest(conversationMessages.ownListing, 'toRefnum');
    // The seller replies only to a buyer who wrote, or writes first to the buyer of an order.
    if (context.recipientId === null || (context.conversationId === null && !context.hasOrder))
      throw AppError.forbidden(conversationMessages.wrongRecipient);
    const parties = { buyerId: context.recipientId, buyerRefnum: toRefnum, sellerId: caller.userId };
    return { parties: { ...listing, ...parties, sellerRefnum: caller.userRefnum }, listingTitle };
  }
  if (toRefnum !== context.sellerRefnum) throw AppError.forbidden(conversationMessages.wrongRecipient);
  // A new conversation only about a listing anyone can still find, or one the buyer ordered.
  if (context.conversationId === null && !context.isLive && !context.hasOrder)
    throw AppError.notFound(listingActionMessages.notFound);
  const parties = { buyerId: caller.userId, buyerRefnum: caller.userRefnum, sellerId: context.sellerId };
  return { parties: { ...listing, ...parties, sellerRefnum: context.sellerRefnum }, listingTitle };
}
