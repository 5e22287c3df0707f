import { useStore } from '@nanostores/react';
import { promptGuest } from '../stores/auth-dialog';
import { $session, GUEST_PROMPTS } from '../stores/session';
import { Icon } from './Icon';

interface FavouriteButtonProps {
  listingTitle: string;
  sellerRefnum: string;
}

/**
 * The heart on a card. Guests are asked to sign up or log in, with a way to the login dialog
 * (spec section 6); saving favourites for signed-in users arrives with the favourites issue.
 */
export function FavouriteButton({ listingTitle, sellerRefnum }: FavouriteButtonProps) {
  const session = useStore($session);
  // Sellers cannot favourite their own listings (spec section 6).
  if (session?.userRefnum === sellerRefnum) return null;

  function onClick() {
    if (!session) promptGuest(GUEST_PROMPTS.favourite);
  }

  return (
    <button
      type="button"
      className="card__heart"
      aria-label={`Save ${listingTitle} to favourites`}
      aria-pressed={false}
      onClick={onClick}
    >
      <Icon name="heart" />
    </button>
  );
}
