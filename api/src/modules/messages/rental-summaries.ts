import type { ListingCard, RentalCard } from '@yardly/shared/contract';
import { eq } from 'drizzle-orm';
import { conversations, rentals, users } from '../../db/schema/index';
import { type RentalCardRow, rentalCardColumns, toRentalCard } from '../rentals/cards';
import type { SummarySubject } from './summary-parts';

/** A rental conversation as the rentals' messages list shows it: with the rental's card (`rental`). */
export const rentalSubject: SummarySubject<RentalCardRow, { rental: RentalCard }> = {
  table: [rentals, eq(rentals.id, conversations.rentalId)],
  cardJoins: [[users, eq(users.id, rentals.landlordId)]],
  cardColumns: rentalCardColumns,
  refsOf: (card) => ({
    subject: { kind: 'rental', id: card.id, refnum: card.refnum },
    sellerRefnum: card.landlordRefnum,
  }),
  cardOf: (card) => ({ rental: toRentalCard(card) }),
};

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
