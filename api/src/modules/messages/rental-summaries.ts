import type { ListingCard, RentalCard, RentalConversation } from '@yardly/shared/contract';
import { asc, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { conversations, rentals, users } from '../../db/schema/index';
import type { Caller } from '../../http/caller';
import { rentalCardColumns, toRentalCard } from '../rentals/cards';
import { otherPartyId, otherUser, summariesOf, summaryColumns } from './summary-parts';

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
  const order = page.asc ? asc : desc;
  const rows = await db
    .select({ card: rentalCardColumns, ...summaryColumns })
    .from(conversations)
    .innerJoin(rentals, eq(rentals.id, conversations.rentalId))
    .innerJoin(users, eq(users.id, rentals.landlordId))
    .innerJoin(otherUser, eq(otherUser.id, otherPartyId(caller.userId)))
    .where(where)
    .orderBy(order(conversations.lastMessageAt), order(conversations.id))
    .limit(page.limit)
    .offset(page.offset);
  return summariesOf(
    db,
    caller,
    rows,
    (row) => ({
      subject: { kind: 'rental', id: row.card.id, refnum: row.card.refnum },
      sellerRefnum: row.card.landlordRefnum,
    }),
    (row) => ({ rental: toRentalCard(row.card) }),
  );
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
