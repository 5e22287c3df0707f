import { useStore } from '@nanostores/react';
import { $session } from '../stores/session';

interface ItemActionsProps {
  sellerRefnum: string;
  buyNow: boolean;
}

/**
 * What a visitor can do about an item. Offers and checkout do not exist yet, so there is no
 * 'Make Offer' or 'Buy Now' control to press (a control that does nothing is worse than none):
 * the page says how the seller sells it and that buying through Yardly is not open yet.
 */
export function ItemActions({ sellerRefnum, buyNow }: ItemActionsProps) {
  const session = useStore($session);
  if (session?.userRefnum === sellerRefnum) {
    return <p className="item__note">This is your listing.</p>;
  }
  return (
    <p className="item__note">
      {buyNow ? 'The seller offers this at the listed price (Buy Now).' : 'The seller takes offers on this item.'}{' '}
      Buying and offers through Yardly are not open yet.
    </p>
  );
}
