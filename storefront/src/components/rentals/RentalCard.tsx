import type { RentalCard as RentalCardData } from '@yardly/shared/contract';
import type { ReactNode } from 'react';
import { useRenderedSession } from '../../lib/use-hydrated';
import { rentalFavourites } from '../../stores/rental-favourites';
import { CardFrame, type CardVariant } from '../CardFrame';
import { rentalPath } from './rental-paths';
import { bedsAndBaths, rentalBadge, rentLabel } from './rental-view';

interface RentalCardProps {
  rental: RentalCardData;
  variant?: CardVariant;
  /** Under the card's link: the landlord's controls on My listings. */
  children?: ReactNode;
}

/** A place in a grid or list: picture, title, address, rent, beds and baths, heart and the 'Rented' ribbon. */
export function RentalCard({ rental, variant = 'grid', children }: RentalCardProps) {
  const session = useRenderedSession();
  const badge = rentalBadge(rental, session?.userRefnum === rental.landLordRefnum);
  return (
    <CardFrame
      variant={variant}
      href={rentalPath(rental.refnum)}
      pictureUrl={rental.pictureUrl}
      title={rental.title}
      favourite={{ refnum: rental.refnum, sellerRefnum: rental.landLordRefnum, store: rentalFavourites }}
      place={rental.address}
      price={rentLabel(rental.expectedRent)}
      ribbon={badge ? { text: badge, className: 'ribbon ribbon--sold' } : null}
      details={<p className="card__facts">{bedsAndBaths(rental)}</p>}
      actions={children}
    />
  );
}

interface RentalCollectionProps {
  rentals: RentalCardData[];
  layout?: CardVariant | 'rail';
  label: string;
}

/** Rental cards as a grid, a list or a horizontal rail. */
export function RentalCollection({ rentals, layout = 'grid', label }: RentalCollectionProps) {
  const className = layout === 'list' ? 'listing-list' : layout === 'rail' ? 'listing-rail' : 'listing-grid';
  return (
    <ul className={className} aria-label={label}>
      {rentals.map((rental) => (
        <li key={rental.refnum}>
          <RentalCard rental={rental} variant={layout === 'list' ? 'list' : 'grid'} />
        </li>
      ))}
    </ul>
  );
}
