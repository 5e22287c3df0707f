import { createFavouriteStore } from './favourites';

/** The saved rentals (`/svc/rental/fav`): kept apart from the sale favourites, as the api keeps them. */
export const rentalFavourites = createFavouriteStore(async () => {
  const { browserApi } = await import('../lib/api');
  return {
    refnums: async () => (await browserApi.rentalFavourites.refnums()).favRefnums,
    add: (refnum) => browserApi.rentalFavourites.add({ refnum }),
    remove: (refnum) => browserApi.rentalFavourites.remove({ refnum }),
  };
});

export const $rentalFavourites = rentalFavourites.$saved;
export const $rentalFavouriteChanges = rentalFavourites.$changes;
