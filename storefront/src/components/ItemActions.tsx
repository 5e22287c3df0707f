import { useStore } from '@nanostores/react';
import { promptGuest } from '../stores/auth-dialog';
import { $session, GUEST_PROMPTS } from '../stores/session';

interface ItemActionsProps {
  listingRefnum: string;
  sellerRefnum: string;
  buyNow: boolean;
}

/**
 * 'Buy Now' (to checkout) or 'Make Offer'. Offers arrive with the offers issue: until then a
 * guest is asked to sign up or log in (with a way to the login dialog), as a guest will be then too.
 */
export function ItemActions({ listingRefnum, sellerRefnum, buyNow }: ItemActionsProps) {
  const session = useStore($session);
  if (session?.userRefnum === sellerRefnum) {
    return <p className="item__note">This is your listing.</p>;
  }
  if (buyNow) {
    return (
      <a className="button button--block" href={`/checkout?refnum=${encodeURIComponent(listingRefnum)}`}>
        Buy Now
      </a>
    );
  }
  return (
    <button
      type="button"
      className="button button--block"
      onClick={() => {
        if (!session) promptGuest(GUEST_PROMPTS.offer);
      }}
    >
      Make Offer
    </button>
  );
}
