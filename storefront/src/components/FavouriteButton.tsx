import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { useHydrated } from '../lib/use-hydrated';
import { promptGuest } from '../stores/auth-dialog';
import { $favourites, $favouritesPending, toggleFavourite, watchFavourites } from '../stores/favourites';
import { $session, GUEST_PROMPTS } from '../stores/session';
import { Icon } from './Icon';

interface FavouriteButtonProps {
  listingRefnum: string;
  listingTitle: string;
  sellerRefnum: string;
}

let watching = false;

/**
 * The heart on a card: adds or removes a favourite, waiting while a change is sent. Guests are
 * asked to sign up or log in (spec section 6); sellers get no heart on their own listings.
 */
export function FavouriteButton({ listingRefnum, listingTitle, sellerRefnum }: FavouriteButtonProps) {
  const hydrated = useHydrated();
  const session = useStore($session);
  const saved = useStore($favourites).has(listingRefnum) && hydrated;
  const pending = useStore($favouritesPending).has(listingRefnum) && hydrated;

  useEffect(() => {
    if (watching) return;
    watching = true;
    watchFavourites();
  }, []);

  if (hydrated && session?.userRefnum === sellerRefnum) return null;

  function onClick() {
    if (!session) promptGuest(GUEST_PROMPTS.favourite);
    else void toggleFavourite(listingRefnum);
  }

  return (
    <button
      type="button"
      className={saved ? 'card__heart card__heart--saved' : 'card__heart'}
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
