import type { ListingCard, RentalCard, RentalConversation } from '@yardly/shared/contract';
import { asc, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/connect';
import { conversations, rentals, users } from '../../db/schema/index';
import type { Caller } from '../../http/caller';
import { type ConversationRef, keyOf, sideOf, toMessage } from '../messages/conversations';
import { latestAndUnread, otherPartyId, partyOf } from '../messages/summary-parts';
import { rentalCardColumns, toRentalCard } from '../rentals/cards';

const other = alias(users, 'other');

/**
 * The caller's rental conversations that `where` keeps (the caller is a party to each), as the
 * rentals' messages list shows them: the rental's card, the other party, the last line and what
 * is unread. Latest activity first unless `asc`.
 */
export async function rentalSummaries(
  db: Db,
  caller: Caller,
  where: SQL,
  page: { limit: number; offset: number; asc?: boolean },
): Promise<RentalConversation[]> {
  const me = caller.userId;
  const order = page.asc ? asc : desc;
  const rows = await db
    .select({
      card: rentalCardColumns,
      id: conversations.id,
      refnum: conversations.refnum,
      buyerId: conversations.buyerId,
      sellerId: conversations.sellerId,
      lastMessageAt: conversations.lastMessageAt,
      other: { refnum: other.refnum, nameFirst: other.nameFirst, nameLast: other.nameLast, picture: other.picturePath },
    })
    .from(conversations)
    .innerJoin(rentals, eq(rentals.id, conversations.rentalId))
    .innerJoin(users, eq(users.id, rentals.landlordId))
    .innerJoin(other, eq(other.id, otherPartyId(me)))
    .where(where)
    .orderBy(order(conversations.lastMessageAt), order(conversations.id))
    .limit(page.limit)
    .offset(page.offset);
  const lines = await latestAndUnread(
    db,
    me,
    rows.map((r) => r.id),
  );
  return rows.map((row) => {
    const ref: ConversationRef = {
      id: row.id,
      refnum: row.refnum,
      subject: { kind: 'rental', id: row.card.id, refnum: row.card.refnum },
      buyerId: row.buyerId,
      buyerRefnum: row.buyerId === me ? caller.userRefnum : row.other.refnum,
      sellerId: row.sellerId,
      sellerRefnum: row.card.landlordRefnum,
      buyerReadId: 0,
      sellerReadId: 0,
    };
    const last = lines.lastLine(row.id);
    return {
      conversationId: row.refnum,
      key: keyOf(ref),
      role: sideOf(ref, me) ?? 'buying',
      otherParty: partyOf(row.other),
      rental: toRentalCard(row.card),
      lastMessage: last ? toMessage(ref, me, last) : null,
      unreadCount: lines.unreadCount(row.id),
      lastMessageAt: row.lastMessageAt.toISOString(),
    };
  });
}

/**
 * A rental as the marketplace's conversation head carries its subject (`listing`): its refnum,
 * title, photo, public address and monthly rent, nothing a sale has (no offers, no shipping).
 * `/svc/messages/{conversationId}` serves a rental conversation's lines with it, so a page that
 * knows only sale conversations still shows the title and links to the place (`/{refnum}`).
 */
export function rentalAsListingCard(card: RentalCard): ListingCard {
  return {
    listingRefnum: card.refnum,
    listingTitle: card.title,
    listingPictureUrl: card.pictureUrl,
    location: card.address,
    listingCurrentPrice: card.expectedRent,
    listingEnd: null,
    listingDeleted: card.deleted,
    saleType: 0,
    sellerRefnum: card.landLordRefnum,
    offerCount: 0,
    shippable: false,
    meetToDeliver: false,
    offerFreeDelivery: false,
    buyNow: false,
    isDonation: false,
  };
}
