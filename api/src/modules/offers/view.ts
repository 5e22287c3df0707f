import type { Offer } from '@yardly/shared/contract';
import { currentOfferState, offerEventsFor } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/connect';
import { listings, offers, offerThreads, users } from '../../db/schema/index';

const buyer = alias(users, 'offer_buyer');
const seller = alias(users, 'offer_seller');
const sender = alias(users, 'offer_sender');
const parent = alias(offers, 'offer_parent');

/** Offers with what their wire shape names: thread, listing, parties and the offer countered. */
export function selectOffers(db: Db) {
  return db
    .select({
      offer: offers,
      threadKey: offerThreads.key,
      threadUpdatedAt: offerThreads.updatedAt,
      buyerId: offerThreads.buyerId,
      sellerId: offerThreads.sellerId,
      listingRefnum: listings.refnum,
      buyerRefnum: buyer.refnum,
      buyerFirst: buyer.nameFirst,
      buyerLast: buyer.nameLast,
      sellerRefnum: seller.refnum,
      senderRefnum: sender.refnum,
      parentRefnum: parent.refnum,
    })
    .from(offers)
    .innerJoin(offerThreads, eq(offerThreads.id, offers.threadId))
    .innerJoin(listings, eq(listings.id, offers.listingId))
    .innerJoin(buyer, eq(buyer.id, offerThreads.buyerId))
    .innerJoin(seller, eq(seller.id, offerThreads.sellerId))
    .innerJoin(sender, eq(sender.id, offers.senderId))
    .leftJoin(parent, eq(parent.id, offers.parentId));
}

export type OfferViewRow = Awaited<ReturnType<ReturnType<typeof selectOffers>['execute']>>[number];

/**
 * An offer as `viewerId` (one of its parties) sees it at `now`: never pending past its expiry,
 * whatever the job runner did, with the events the table lets them take on it now.
 */
export function toOffer(row: OfferViewRow, now: Date, viewerId: number): Offer {
  const o = row.offer;
  const status = currentOfferState(o.state, o.expiresAt, now);
  const role = viewerId === row.buyerId ? 'buyer' : viewerId === row.sellerId ? 'seller' : null;
  const isSender = viewerId === o.senderId;
  return {
    offerRefnum: o.refnum,
    threadKey: row.threadKey,
    offerStatus: status,
    offerPrice: o.priceCents,
    expiresAt: new Date(o.expiresAt).toISOString(),
    listingRefnum: row.listingRefnum,
    buyerRefnum: row.buyerRefnum,
    sellerRefnum: row.sellerRefnum,
    senderRefnum: row.senderRefnum,
    parentOfferRefnum: row.parentRefnum,
    createdAt: new Date(o.createdAt).toISOString(),
    actions: role ? offerEventsFor(status, role, { isSender, isReceiver: !isSender }) : [],
  };
}

export async function offerById(db: Db, offerId: number, now: Date, viewerId: number): Promise<Offer> {
  const [row] = await selectOffers(db).where(eq(offers.id, offerId));
  if (!row) throw new Error(`offer ${offerId} vanished`);
  return toOffer(row, now, viewerId);
}
