import { PHOTO_SIZES } from '@yardly/shared/contract';
import { truncate } from '@yardly/shared/rules';
import type { ReactNode } from 'react';
import { cardPictureUrl } from '../lib/pictures';
import type { FavouriteStore } from '../stores/favourites';
import { FavouriteButton } from './FavouriteButton';
import '../styles/cards.css';

export type CardVariant = 'grid' | 'list';

interface CardFrameProps {
  variant: CardVariant;
  /** The page the card leads to (an item's, a place's). */
  href: string;
  pictureUrl: string | null;
  title: string;
  /** Where it is: a listing's location, a place's address. */
  place: string;
  price: ReactNode;
  /** The status ribbon over the picture, if any ('Sold', 'Rented'), with its classes. */
  ribbon: { text: string; className: string } | null;
  /** Under the price, inside the link: a listing's labels, a place's beds and baths. */
  details?: ReactNode;
  /** Under the link: the owner's controls on a dashboard, or 'Message'. */
  actions?: ReactNode;
  /** The heart: what it saves (named by `title`), whose it is (no heart for them), in which list. */
  favourite: { refnum: string; sellerRefnum: string; store?: FavouriteStore };
}

/**
 * The card both a listing and a rental show in a grid or list (the same markup, so one stylesheet
 * and one set of page checks serve both): picture with its ribbon, title, place, price, details,
 * actions and the heart. Each side says what goes in it (ListingCard, RentalCard).
 */
export function CardFrame({
  variant,
  href,
  pictureUrl,
  title,
  place,
  price,
  ribbon,
  details,
  actions,
  favourite,
}: CardFrameProps) {
  return (
    <article className={`card card--${variant}`}>
      <a className="card__link" href={href}>
        <div className="card__media">
          <img
            src={cardPictureUrl(pictureUrl)}
            alt={title}
            width={PHOTO_SIZES.card.w}
            height={PHOTO_SIZES.card.h}
            loading="lazy"
            decoding="async"
          />
          {ribbon && <span className={ribbon.className}>{ribbon.text}</span>}
        </div>
        <div className="card__body">
          <h3 className="card__title" title={title}>
            {truncate(title)}
          </h3>
          <p className="card__location">{place}</p>
          <p className="card__price">{price}</p>
          {details}
        </div>
      </a>
      {actions}
      <FavouriteButton
        listingRefnum={favourite.refnum}
        listingTitle={title}
        sellerRefnum={favourite.sellerRefnum}
        store={favourite.store}
      />
    </article>
  );
}
