import { rentalFavouriteCalls } from '@yardly/shared/contract';
import { defineCapability } from '../../http/capability';
import { assertMemberMay } from '../organisations/member-access';
import { addRentalFavourite, listRentalFavourites, removeRentalFavourite, rentalFavouriteRefnums } from './service';

/** Saved rentals (`/svc/rental/fav`): the sale favourites' calls, on rental_favourites. */
export const rentalFavouritesCapability = defineCapability({
  name: 'rental-favourites',
  calls: rentalFavouriteCalls,
  handlers: ({ db }) => ({
    add: ({ query, caller }) => {
      assertMemberMay(caller, 'favourite');
      return addRentalFavourite(db, caller, query.refnum);
    },
    remove: ({ query, caller }) => removeRentalFavourite(db, caller, query.refnum),
    refnums: ({ caller }) => rentalFavouriteRefnums(db, caller),
    list: ({ query, caller }) => listRentalFavourites(db, caller, query),
  }),
});
