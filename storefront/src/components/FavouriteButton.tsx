import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { useHydrated } from '../lib/use-hydrated';
import { promptGuest } from '../stores/auth-dialog';
import { type FavouriteStore, saleFavourites } from '../stores/favourites';
import { $session, GUEST_PROMPTS } from '../stores/session';
import { Icon } from './Icon';

interface FavouriteButtonProps {
  listingRefnum: string;
  listingTitle: string;
  sellerRefnum: string;
  /** Whose favourites: the sale favourites unless given (the rentals keep theirs apart). */
  store?: FavouriteStore;
  className?: string;
}

/**
 * The heart on a card: adds or removes a favourite, waiting while a change is sent. Guests are
 * asked to sign up or log in (spec section 6); sellers get no heart on their own listings.
 */
export function FavouriteButton({
  listingRefnum,
  listingTitle,
  sellerRefnum,
  store = saleFavourites,
  className = 'card__heart',
}: FavouriteButtonProps) {
  const hydrated = useHydrated();
  const session = useStore($session);
  const saved = useStore(store.$saved).has(listingRefnum) && hydrated;
  const pending = useStore(store.$pending).has(listingRefnum) && hydrated;

  useEffect(() => store.watch(), [store]);

  if (hydrated && session?.userRefnum === sellerRefnum) return null;

  function onClick() {
    if (!session) promptGuest(GUEST_PROMPTS.favourite);
    else void store.toggle(listingRefnum);
  }

  return (
    <button
      type="button"
      className={saved ? `${className} ${className}--saved` : className}
      aria-label={saved ? `Remove ${listingTitle} from favourites` : `Save ${listingTitle} to favourites`}
      aria-pressed={saved}
      disabled={pending}
      aria-busy={pending || undefined}
      onClick={onClick}
    >
      <Icon name="heart" />
    </button>
  );
}
