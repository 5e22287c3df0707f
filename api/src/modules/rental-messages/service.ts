import type { CallData, rentalMessagingCalls } from '@yardly/shared/contract';
import { and, eq, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { conversations, rentals } from '../../db/schema/index';
import type { Caller } from '../../http/caller';
import { rentalSubject } from '../messages/rental-summaries';
import { summaryPage } from '../messages/summary-parts';

type ConversationsPage = CallData<typeof rentalMessagingCalls.conversations>;
type PageQuery = { page: number; size: number; asc: boolean; type?: 'sell' | 'buy' };

/** The caller's side of a rental conversation: `sell` as its landlord, `buy` as its tenant, absent both. */
function onSide(userId: number, type: 'sell' | 'buy' | undefined): SQL {
  if (type === 'sell') return eq(conversations.sellerId, userId);
  if (type === 'buy') return eq(conversations.buyerId, userId);
  return or(eq(conversations.buyerId, userId), eq(conversations.sellerId, userId)) as SQL;
}

/** A page of the caller's rental conversations that `where` keeps (never a sale conversation). */
function page(db: Db, caller: Caller, where: SQL, query: PageQuery): Promise<ConversationsPage> {
  const kept = and(isNotNull(conversations.rentalId), onSide(caller.userId, query.type), where) as SQL;
  return summaryPage(db, caller, rentalSubject, kept, query);
}

/**
 * `GET /rental/conversations`: the caller's rental conversations, as landlord (`sell`), tenant
 * (`buy`) or both; with `conversationId`, only that one (however old: an address names it).
 */
export function listRentalConversations(db: Db, caller: Caller, query: PageQuery & { conversationId?: string }) {
  return page(db, caller, query.conversationId ? eq(conversations.refnum, query.conversationId) : sql`true`, query);
}

/**
 * `GET /rental/conversations/listing?refnum=`: one rental's conversations the caller is in: every
 * tenant's for its landlord, their own for a tenant, none for anyone else (an empty page).
 */
export function rentalConversationsOfListing(db: Db, caller: Caller, query: PageQuery & { refnum: string }) {
  return page(db, caller, eq(rentals.refnum, query.refnum), query);
}
