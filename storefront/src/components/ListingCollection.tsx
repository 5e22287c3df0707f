import type { ListingCard as ListingCardData } from '@yardly/shared/contract';
import type { CardVariant } from './CardFrame';
import { ListingCard } from './ListingCard';
import '../styles/cards.css';

interface ListingCollectionProps {
  listings: ListingCardData[];
  /** grid and list for product lists; rail is one scrolling row (the home page). */
  layout?: CardVariant | 'rail';
  label?: string;
}

/** Listing cards laid out as a grid, a list or a horizontal rail. */
export function ListingCollection({ listings, layout = 'grid', label }: ListingCollectionProps) {
  const className = layout === 'list' ? 'listing-list' : layout === 'rail' ? 'listing-rail' : 'listing-grid';
  return (
    <ul className={className} aria-label={label}>
      {listings.map((listing) => (
        <li key={listing.listingRefnum}>
          <ListingCard listing={listing} variant={layout === 'list' ? 'list' : 'grid'} />
        </li>
      ))}
    </ul>
  );
}
