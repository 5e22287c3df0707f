import { PHOTO_SIZES, type RentalCard as RentalCardData } from '@yardly/shared/contract';
import { truncate } from '@yardly/shared/rules';
import type { ReactNode } from 'react';
import { cardPictureUrl } from '../../lib/pictures';
import { useRenderedSession } from '../../lib/use-hydrated';
import { rentalFavourites } from '../../stores/rental-favourites';
import { FavouriteButton } from '../FavouriteButton';
import type { CardVariant } from '../ListingCard';
import { rentalPath } from './rental-paths';
import { bedsAndBaths, rentalBadge, rentLabel } from './rental-view';
import '../../styles/cards.css';

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
    <article className={`card card--${variant}`}>
      <a className="card__link" href={rentalPath(rental.refnum)}>
        <div className="card__media">
          <img
            src={cardPictureUrl(rental.pictureUrl)}
            alt={rental.title}
            width={PHOTO_SIZES.card.w}
            height={PHOTO_SIZES.card.h}
            loading="lazy"
            decoding="async"
          />
          {badge && <span className="ribbon ribbon--sold">{badge}</span>}
        </div>
        <div className="card__body">
          <h3 className="card__title" title={rental.title}>
            {truncate(rental.title)}
          </h3>
          <p className="card__location">{rental.address}</p>
          <p className="card__price">{rentLabel(rental.expectedRent)}</p>
          <p className="card__facts">{bedsAndBaths(rental)}</p>
        </div>
      </a>
      {children}
      <FavouriteButton
        listingRefnum={rental.refnum}
        listingTitle={rental.title}
        sellerRefnum={rental.landLordRefnum}
        store={rentalFavourites}
      />
    </article>
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
