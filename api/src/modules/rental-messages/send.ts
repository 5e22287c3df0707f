import {
  MESSAGE_RATE_LIMIT,
  messageRateMessage,
  rentalConversationMessages,
  rentalMessages,
  rentalProcess,
  rentalRefusalMessage,
} from '@yardly/shared/rules';
import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/connect';
import { conversations, rentals, users } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import type { AppServices } from '../../services';
import { rateLimits } from '../auth/rate-limits';
import { type ConversationParties, openConversation, toMessage } from '../messages/conversations';
import { appendLine } from '../messages/lines';

type Services = Pick<AppServices, 'db' | 'clock' | 'live' | 'jobs'>;

/**
 * A message about a rental (`POST /rental/messaging`). A tenant writes to the landlord (opening
 * their conversation while the place is on the market); the landlord answers a tenant who wrote.
 * A line of the marketplace's conversations: the same lines, read markers, live events,
 * notifications (in the rentals section) and batched emails (as `rentalMessagesUpdates` allows).
 * Sends count against the same per-minute limit as the marketplace's messages.
 */
export async function sendRentalMessage(
  s: Services,
  caller: Caller,
  body: { refnum: string; toRefnum: string; text: string },
) {
  const limits = rateLimits(s.db, s.clock);
  return limits.within(`messages:${caller.userId}`, MESSAGE_RATE_LIMIT, messageRateMessage, async (tx) => {
    const { parties, title } = await partiesOf(tx, caller, body);
    const conversation = await openConversation(tx, s.clock, parties);
    const row = await appendLine(tx, s, conversation, { senderId: caller.userId, body: body.text, title });
    return { conversationId: conversation.refnum, message: toMessage(conversation, caller.userId, row) };
  });
}

const landlord = alias(users, 'landlord');

/**
 * Who the message is between, or the refusal: 404 for no rental (a draft or a deleted one too),
 * 400 for the landlord writing to themself, 403 for anyone but the landlord or a tenant who
 * wrote, 409 for a new conversation about a place not on the market (rented or deactivated).
 * The rental is locked (shared) to the end of the send, so it is not marked rented between the
 * check and the line.
 */
async function partiesOf(
  tx: Db,
  caller: Caller,
  body: { refnum: string; toRefnum: string },
): Promise<{ parties: ConversationParties; title: string }> {
  const [rental] = await tx
    .select({
      id: rentals.id,
      refnum: rentals.refnum,
      title: rentals.title,
      state: rentals.state,
      landlordId: rentals.landlordId,
      landlordRefnum: landlord.refnum,
    })
    .from(rentals)
    .innerJoin(landlord, eq(landlord.id, rentals.landlordId))
    .where(eq(rentals.refnum, body.refnum))
    .for('share', { of: rentals });
  if (!rental || rental.state === 'draft' || rental.state === 'deleted')
    throw AppError.notFound(rentalMessages.notFound);
  const subject = { kind: 'rental', id: rental.id, refnum: rental.refnum } as const;
  const landlordSide = { sellerId: rental.landlordId, sellerRefnum: rental.landlordRefnum };

  if (caller.userId === rental.landlordId) {
    if (body.toRefnum === caller.userRefnum) throw AppError.badRequest(rentalMessages.cannotMessageSelf, 'toRefnum');
    // The landlord answers only a tenant who wrote about this place.
    const [tenant] = await tx
      .select({ id: users.id })
      .from(conversations)
      .innerJoin(users, eq(users.id, conversations.buyerId))
      .where(and(eq(conversations.rentalId, rental.id), eq(users.refnum, body.toRefnum)));
    if (!tenant) throw AppError.forbidden(rentalConversationMessages.wrongRecipient);
    const parties = { subject, buyerId: tenant.id, buyerRefnum: body.toRefnum, ...landlordSide };
    return { parties, title: rental.title };
  }

  if (body.toRefnum !== rental.landlordRefnum) throw AppError.forbidden(rentalConversationMessages.wrongRecipient);
  if (rental.state !== 'available') {
    // A conversation already open goes on; a new one only about a place on the market.
    const [open] = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.rentalId, rental.id), eq(conversations.buyerId, caller.userId)));
    if (!open) {
      const reason = rentalProcess.states[rental.state].refusal;
      throw AppError.conflict(rentalRefusalMessage('relist', reason), reason);
    }
  }
  const parties = { subject, buyerId: caller.userId, buyerRefnum: caller.userRefnum, ...landlordSide };
  return { parties, title: rental.title };
}
