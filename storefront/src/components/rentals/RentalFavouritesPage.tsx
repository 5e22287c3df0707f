import { browserApi } from '../../lib/api';
import { $rentalFavouriteChanges } from '../../stores/rental-favourites';
import { SavedListPage } from '../favourites/SavedListPage';
import { RentalCollection } from './RentalCard';
import { RENTALS_FAVOURITES_PATH, RENTALS_HOME } from './rental-paths';

/** /rentalsfav: the saved places, newest first; after a heart changes, back to page 1 (as /favorites does). */
export function RentalFavouritesPage() {
  return (
    <SavedListPage
      path={RENTALS_FAVOURITES_PATH}
      home={RENTALS_HOME}
      changes={$rentalFavouriteChanges}
      list={(query) => browserApi.rentalFavourites.list(query)}
      titleId="rental-favourites-title"
      spinnerLabel="Loading your saved places"
      logNoun="the saved places"
      renderCards={(cards) => (
        <>
          <h2 className="visually-hidden">Your saved places</h2>
          <RentalCollection rentals={cards} label="Your saved places" />
        </>
      )}
    />
  );
}
