import type { ListingDetail } from '@yardly/shared/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { browserApi } from '../../lib/api';
import { itemViewOf } from '../../lib/item-view';
import { logFailure } from '../../lib/log-failure';
import { loadSellerRating } from '../../lib/seller-rating';
import { SITE_NAME } from '../../lib/site';
import { restoreSession } from '../../stores/session';
import { Breadcrumbs } from '../Breadcrumbs';
import { FavouriteButton } from '../FavouriteButton';
import { ItemActions } from '../ItemActions';
import { PhotoGallery } from '../PhotoGallery';
import { Spinner } from '../Spinner';
import { DeliveryOptions } from './DeliveryOptions';
import { ItemFacts } from './ItemFacts';
import { ItemDescription, ItemHeading } from './ItemHeading';
import { SellerCard, type SellerRating } from './SellerCard';

type Look =
  | { status: 'missing' }
  | { status: 'looking' }
  | { status: 'found'; listing: ListingDetail; rating: SellerRating };

/**
 * An item the server could not show (it asks without a token): an organisation's listing is
 * its members' only (issue 23). For someone signed in, the browser asks again with their token
 * and shows the item when they may see it; otherwise, and for a guest, the not-found page
 * (`children`, the server's HTML) stays. Never indexed: the page around it says noindex.
 */
export function MembersOnlyItem({ listingRefnum, children }: { listingRefnum: string; children: ReactNode }) {
  const [look, setLook] = useState<Look>({ status: 'missing' });

  useEffect(() => {
    let current = true;
    const lookAgain = async () => {
      if (!(await restoreSession()) || !current) return;
      setLook({ status: 'looking' });
      try {
        const answer = await browserApi.listings.detail({ listingRefnum });
        if (!answer.itemAvailable || !answer.listing) {
          if (current) setLook({ status: 'missing' });
          return;
        }
        const rating = await loadSellerRating(browserApi, answer.listing.seller.userRefnum);
        if (!current) return;
        document.title = `${answer.listing.listingTitle} | ${SITE_NAME}`;
        setLook({ status: 'found', listing: answer.listing, rating });
      } catch (cause) {
        // Not theirs to see (404) or not there: the not-found page it was.
        if ((cause as { status?: unknown }).status !== 404) logFailure('Could not load the item', cause);
        if (current) setLook({ status: 'missing' });
      }
    };
    void lookAgain();
    return () => {
      current = false;
    };
  }, [listingRefnum]);

  if (look.status === 'looking') return <Spinner label="Loading the item" />;
  if (look.status === 'missing') return <>{children}</>;
  return <MemberItem listing={look.listing} rating={look.rating} />;
}

/** The item page as the server renders a public item, from the same parts, without JSON-LD or sharing. */
function MemberItem({ listing, rating }: { listing: ListingDetail; rating: SellerRating }) {
  const view = itemViewOf(listing);
  return (
    <div className="container">
      <Breadcrumbs crumbs={view.crumbs} />
      <article className="item item--lead-first" aria-labelledby="item-title">
        <div className="item__lead">
          <ItemHeading listing={listing} view={view}>
            <FavouriteButton
              listingRefnum={listing.listingRefnum}
              listingTitle={listing.listingTitle}
              sellerRefnum={listing.sellerRefnum}
              className="item__heart"
            />
          </ItemHeading>
          <ItemActions listing={listing} unavailable={Boolean(view.badge)} />
        </div>
        <div className="item__media">
          <PhotoGallery title={listing.listingTitle} photos={view.photos} />
        </div>
        <ItemDescription description={listing.description} />
        <div className="item__summary">
          <ItemFacts listing={listing} view={view} />
          <DeliveryOptions
            shippable={listing.shippable}
            meetToDeliver={listing.meetToDeliver}
            offerFreeDelivery={listing.offerFreeDelivery}
          />
          <SellerCard seller={listing.seller} companyStatus={listing.sellerCompanyStatus} rating={rating} />
        </div>
      </article>
    </div>
  );
}
