import type { ListingDetail } from '@yardly/shared/contract';
import { organisationFlowLabels, shippingPriceLabel } from '@yardly/shared/rules';
import type { ReactNode } from 'react';
import { type ItemView, milesAwayLabel } from '../../lib/item-view';

/**
 * The item's title (with `children` beside it: the heart), place, members-only note (an
 * organisation's listing), status badge, price, and what reaching the viewer takes: the
 * shipping price or local pickup only, and the miles from the viewer's place when known.
 */
export function ItemHeading({
  listing,
  view,
  children,
}: {
  listing: ListingDetail;
  view: ItemView;
  children?: ReactNode;
}) {
  return (
    <>
      <div className="item__headline">
        <div>
          <h1 className="item__title" id="item-title">
            {listing.listingTitle}
          </h1>
          <p className="item__location">{view.place}</p>
        </div>
        {children}
      </div>
      {listing.orgRefnum && <p className="item__members-only">{organisationFlowLabels.membersOnly}</p>}
      {view.badge && <p className="item__status">{view.badge}</p>}
      <p className="item__price">{view.price}</p>
      <p className="item__reach">
        <span data-testid="item-shipping">
          {shippingPriceLabel(listing.shippable ? listing.shippingPriceCents : null)}
        </span>
        {listing.distanceMiles !== null && (
          <span data-testid="item-distance">{milesAwayLabel(listing.distanceMiles)}</span>
        )}
      </p>
    </>
  );
}

/** The item's description, after its title, price and actions. */
export function ItemDescription({ description }: { description: string }) {
  return (
    <section className="panel item__about" aria-labelledby="description-title">
      <h2 id="description-title">Description</h2>
      <p className="item__description">{description}</p>
    </section>
  );
}
