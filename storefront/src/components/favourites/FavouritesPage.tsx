import { browserApi } from '../../lib/api';
import { FAVOURITES_PATH } from '../../lib/selling-paths';
import { $favouriteChanges } from '../../stores/favourites';
import { ListingCollection } from '../ListingCollection';
import { SavedListPage } from './SavedListPage';

/** /favorites: the saved listings, newest first; after a heart changes, back to page 1, size 10 (spec section 4). */
export function FavouritesPage() {
  return (
    <SavedListPage
      path={FAVOURITES_PATH}
      home="/"
      changes={$favouriteChanges}
      list={(query) => browserApi.favourites.list(query)}
      titleId="favourites-title"
      spinnerLabel="Loading your favorites"
      logNoun="favourites"
      renderCards={(cards) => <ListingCollection listings={cards} label="Your favorites" />}
    />
  );
}
