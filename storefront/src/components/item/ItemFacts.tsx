import type { ListingDetail } from '@yardly/shared/contract';
import { capitalize, formatDate } from '@yardly/shared/rules';
import { Fragment } from 'react';
import type { ItemView } from '../../lib/item-view';

/** The item's details: condition, category, place, its properties, when it was listed. */
export function ItemFacts({ listing, view }: { listing: ListingDetail; view: ItemView }) {
  return (
    <section className="panel" aria-labelledby="facts-title">
      <h2 id="facts-title">Details</h2>
      <dl className="facts">
        <dt>Condition</dt>
        <dd>{capitalize(listing.condition)}</dd>
        <dt>Category</dt>
        <dd>
          <a href={view.categoryHref}>{listing.categoryTitle}</a>
          {view.subCategoryHref && listing.subCategoryTitle && (
            <>
              {' › '}
              <a href={view.subCategoryHref}>{listing.subCategoryTitle}</a>
            </>
          )}
        </dd>
        <dt>Location</dt>
        <dd>{view.place}</dd>
        {view.properties.map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
        <dt>Listed</dt>
        <dd>
          <time dateTime={listing.createdAt}>{formatDate(listing.createdAt)}</time>
        </dd>
      </dl>
    </section>
  );
}
