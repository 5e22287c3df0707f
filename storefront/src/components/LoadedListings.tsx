import type { ListingCard } from '@yardly/shared/contract';
import { listingListMessages } from '@yardly/shared/rules';
import type { CardVariant } from './CardFrame';
import { ListingCollection } from './ListingCollection';
import { Spinner } from './Spinner';

interface LoadedListingsProps {
  /** The listings once loaded, or where the load stands. */
  load: 'loading' | 'error' | ListingCard[];
  layout: CardVariant | 'rail';
  label: string;
  /** What an empty list says (the spec's 'No results to display' by default). */
  empty?: string;
}

/** A list of listings fetched in the browser: loading, the spec's error, empty, or the cards. */
export function LoadedListings({ load, layout, label, empty = listingListMessages.noResults }: LoadedListingsProps) {
  if (load === 'loading') return <Spinner label="Loading items" />;
  if (load === 'error') {
    return (
      <p className="state-message state-message--error" role="alert">
        {listingListMessages.fetchError}
      </p>
    );
  }
  if (load.length === 0) return <p className="state-message">{empty}</p>;
  return <ListingCollection listings={load} layout={layout} label={label} />;
}
