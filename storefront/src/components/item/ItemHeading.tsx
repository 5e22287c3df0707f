import type { ListingDetail } from '@yardly/shared/contract';
import { organisationFlowLabels } from '@yardly/shared/rules';
import type { ItemView } from '../../lib/item-view';

/** The item's title, place, members-only note (an organisation's listing), status badge and price. */
export function ItemHeading({ listing, view }: { listing: ListingDetail; view: ItemView }) {
  return (
    <>
      <div>
        <h1 className="item__title" id="item-title">
          {listing.listingTitle}
        </h1>
        <p className="item__location">{view.place}</p>
      </div>
      {listing.orgRefnum && <p className="item__members-only">{organisationFlowLabels.membersOnly}</p>}
      {view.badge && <p className="item__status">{view.badge}</p>}
      <p className="item__price">{view.price}</p>
    </>
  );
}

/** The item's description, beside its photos. */
export function ItemDescription({ description }: { description: string }) {
  return (
    <section className="panel item__about" aria-labelledby="description-title">
      <h2 id="description-title">Description</h2>
      <p className="item__description">{description}</p>
    </section>
  );
}
