import { favouriteCalls } from '@yardly/shared/contract';
import { defineCapability } from '../../http/capability';
import { assertMemberMay } from '../organisations/member-access';
import { addFavourite, favouriteRefnums, listFavourites, removeFavourite } from './service';

export const favouritesCapability = defineCapability({
  name: 'favourites',
  calls: favouriteCalls,
  handlers: ({ db, clock }) => ({
    add: ({ query, caller }) => {
      assertMemberMay(caller, 'favourite');
      return addFavourite(db, caller, query.listingRefnum, clock.now());
    },
    remove: ({ query, caller }) => removeFavourite(db, caller, query.listingRefnum),
    refnums: ({ caller }) => favouriteRefnums(db, caller),
    list: ({ query, caller }) => listFavourites(db, caller, query, clock.now()),
  }),
});
