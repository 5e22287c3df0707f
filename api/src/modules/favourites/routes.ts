import { addFavouriteCall, favouriteRefnumsCall, favouritesCall, removeFavouriteCall } from '@yardly/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connect';
import { requiredCaller } from '../../http/caller';
import { registerCall } from '../../http/register-call';
import { addFavourite, favouriteRefnums, listFavourites, removeFavourite } from './service';

export function registerFavouriteRoutes(app: FastifyInstance, db: Db): void {
  const who = requiredCaller;
  registerCall(app, addFavouriteCall, ({ query, request }) => addFavourite(db, who(request), query.listingRefnum));
  registerCall(app, removeFavouriteCall, ({ query, request }) =>
    removeFavourite(db, who(request), query.listingRefnum),
  );
  registerCall(app, favouriteRefnumsCall, ({ request }) => favouriteRefnums(db, who(request)));
  registerCall(app, favouritesCall, ({ query, request }) => listFavourites(db, who(request), query));
}
