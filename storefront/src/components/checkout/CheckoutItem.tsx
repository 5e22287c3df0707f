import { type CheckoutAmount, type ListingCard, PHOTO_SIZES } from '@yardly/shared/contract';
import { formatCents } from '@yardly/shared/rules';
import { cardPictureUrl } from '../../lib/pictures';
import { itemPath } from '../../lib/routes';

interface CheckoutItemProps {
  listing: Pick<ListingCard, 'listingRefnum' | 'listingTitle' | 'listingPictureUrl'>;
  /** What the api priced (the accepted offer's price for an offer), or until it has, the page's own sum for the delivery chosen. */
  amount: CheckoutAmount;
  /** Paying an accepted offer, not the asking price. */
  offer: boolean;
}

/** What is bought and what it costs: the item, then item price, shipping and total as the api computed them. */
export function CheckoutItem({ listing, amount, offer }: CheckoutItemProps) {
  return (
    <section className="checkout-panel checkout-item" aria-labelledby="checkout-item-title">
      <h2 id="checkout-item-title">Your item</h2>
      <a className="checkout-item__listing" href={itemPath(listing.listingRefnum)}>
        <img
          src={cardPictureUrl(listing.listingPictureUrl)}
          alt=""
          width={PHOTO_SIZES.card.w}
          height={PHOTO_SIZES.card.h}
        />
        <span className="checkout-item__title">{listing.listingTitle}</span>
      </a>
      <AmountList amount={amount} itemLabel={offer ? 'Your accepted offer' : 'Price'} />
    </section>
  );
}

interface AmountListProps {
  amount: CheckoutAmount;
  itemLabel: string;
}

/** Item, shipping ('Free' at 0), the rewards taken off and total, in cents as the api computed them. */
function AmountList({ amount, itemLabel }: AmountListProps) {
  return (
    <dl className="amounts" aria-label="Amounts">
      <dt>{itemLabel}</dt>
      <dd>{formatCents(amount.itemPrice)}</dd>
      <dt>Shipping</dt>
      <dd>{amount.shipping === 0 ? 'Free' : formatCents(amount.shipping)}</dd>
      {amount.rewards > 0 && (
        <>
          <dt>Rewards</dt>
          <dd>{`\u2212${formatCents(amount.rewards)}`}</dd>
        </>
      )}
      <dt className="amounts__total">Total</dt>
      <dd className="amounts__total">{formatCents(amount.total)}</dd>
    </dl>
  );
}
