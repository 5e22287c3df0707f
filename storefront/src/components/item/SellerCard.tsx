import type { ListingDetail } from '@yardly/shared/contract';
import { formatDate } from '@yardly/shared/rules';
import { publicProfilePath } from '../../lib/profile-routes';
import { SITE_NAME } from '../../lib/site';
import { RatingStars } from '../reviews/RatingStars';

/** The seller's rating as a seller (published reviews only); null when it could not be read. */
export type SellerRating = { rating: number; count: number } | null;

interface SellerCardProps {
  seller: ListingDetail['seller'];
  companyStatus: ListingDetail['sellerCompanyStatus'];
  rating: SellerRating;
}

/** Who sells the item: picture or initials, name, verified mark, since when, where, rating. */
export function SellerCard({ seller, companyStatus, rating }: SellerCardProps) {
  const initials = seller.name
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();
  // Spec section 1: verified professionals of a VERIFIED organisation get the tooltip.
  const verified = seller.isProfessionVerified && companyStatus === 'VERIFIED';
  return (
    <section className="panel" aria-labelledby="seller-title">
      <h2 id="seller-title">Seller</h2>
      <div className="seller">
        {seller.pictureUrl ? (
          <img className="disc seller__avatar" src={seller.pictureUrl} alt="" width="48" height="48" loading="lazy" />
        ) : (
          <span className="disc seller__avatar" aria-hidden="true">
            {initials}
          </span>
        )}
        <div>
          <p className="seller__name">
            {seller.name}
            {verified && ' '}
            {verified && (
              <span className="verified" title={`Verified by ${SITE_NAME}`}>
                ✓ Verified by {SITE_NAME}
              </span>
            )}
          </p>
          <p className="seller__meta">Member since {formatDate(seller.memberSince)}</p>
          {seller.location && <p className="seller__meta">{seller.location}</p>}
          {rating && (
            <p className="seller__meta">
              <a href={publicProfilePath(seller.userRefnum, { tab: 'reviews', role: 'seller' })}>
                <RatingStars rating={rating.rating} count={rating.count} />
              </a>
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
