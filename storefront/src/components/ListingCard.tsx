import type { ListingCard as ListingCardData } from '@yardly/shared/contract';
import { type CardBadge, cardBadge } from '@yardly/shared/rules';
import type { ReactNode } from 'react';
import { conversationWithSellerPath } from '../lib/message-paths';
import { itemPath } from '../lib/routes';
import { useRenderedSession } from '../lib/use-hydrated';
import { AccountLink } from './AccountLink';
import { CardFrame, type CardVariant } from './CardFrame';
import { type CardLabel, cardLabels, cardPriceText } from './listing-card-view';

interface ListingCardProps {
  listing: ListingCardData;
  variant?: CardVariant;
  /** Under the card's link: the seller's controls on My Dashboard. */
  children?: ReactNode;
  /** Instead of the asking price: what an order's buyer paid ('Paid $40.00'). */
  price?: ReactNode;
}

const RIBBON_CLASS: Record<CardBadge, string> = {
  Deleted: 'ribbon ribbon--deleted',
  Expired: 'ribbon',
  Sold: 'ribbon ribbon--sold',
  Donated: 'ribbon ribbon--donated',
};

/** A listing in a grid or list: picture, title, location, price, heart, status ribbon and labels. */
export function ListingCard({ listing, variant = 'grid', children, price }: ListingCardProps) {
  const session = useRenderedSession();
  const badge = cardBadge({
    listingDeleted: listing.listingDeleted,
    listingEnd: listing.listingEnd,
    saleType: listing.saleType,
    priceCents: listing.listingCurrentPrice,
    isOwner: session?.userRefnum === listing.sellerRefnum,
  });

  return (
    <CardFrame
      variant={variant}
      href={itemPath(listing.listingRefnum)}
      pictureUrl={listing.listingPictureUrl}
      title={listing.listingTitle}
      favourite={{ refnum: listing.listingRefnum, sellerRefnum: listing.sellerRefnum }}
      place={listing.location}
      price={price ?? cardPriceText(listing)}
      ribbon={badge ? { text: badge, className: RIBBON_CLASS[badge] } : null}
      details={!badge && <CardLabels listing={listing} />}
      actions={
        children ??
        // 'Message' (spec section 2, listing cards): the buyer's conversation with the seller, on a
        // listing still for sale that is not the viewer's own (the dashboards' cards have their own).
        (!badge && session?.userRefnum !== listing.sellerRefnum && (
          <AccountLink
            className="button button--secondary card__message"
            href={conversationWithSellerPath(listing.listingRefnum, listing.sellerRefnum)}
            signedIn={session !== null}
            label={`Message the seller of ${listing.listingTitle}`}
          >
            Message
          </AccountLink>
        ))
      }
    />
  );
}

const LABEL_CLASS: Record<CardLabel['kind'], string> = {
  shipping: 'label label--shipping',
  buy: 'label',
  offer: 'label label--offer',
  donation: 'label label--donation',
};

/** The card labels of spec section 2 that apply to a guest: Free Shipping, Buy Now or Make Offer; a donation's 'Free gift'. */
function CardLabels({ listing }: { listing: ListingCardData }) {
  return (
    <ul className="card__labels">
      {cardLabels(listing).map((label) => (
        <li key={label.kind} className={LABEL_CLASS[label.kind]}>
          {label.text}
        </li>
      ))}
    </ul>
  );
}
