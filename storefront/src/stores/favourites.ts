import { ApiError } from '@yardly/shared/client';
import { favouriteMessages } from '@yardly/shared/rules';
import { atom, type ReadableAtom } from 'nanostores';
import { logFailure } from '../lib/log-failure';
import { $session } from './session';
import { showToast } from './toast';

/** How a section's saved things are read and changed: the sale favourites or the saved rentals. */
export interface FavouriteCalls {
  refnums: () => Promise<string[]>;
  add: (refnum: string) => Promise<unknown>;
  remove: (refnum: string) => Promise<unknown>;
}

/** One section's favourites: the saved refnums, the ones being changed, and the actions. */
export interface FavouriteStore {
  /** The signed-in person's saved refnums (empty for a guest). */
  $saved: ReadableAtom<ReadonlySet<string>>;
  /** Refnums whose heart is being saved or removed right now: their buttons wait. */
  $pending: ReadableAtom<ReadonlySet<string>>;
  /** Counts every change made here, so a favourites page reloads after one. */
  $changes: ReadableAtom<number>;
  /** Loads the person's favourites once per sign-in, so every card shows the right heart (idempotent). */
  watch: () => void;
  /** Adds or removes a favourite; one request per refnum at a time; a failure says so. */
  toggle: (refnum: string) => Promise<void>;
}

/**
 * What a failed change says: a refusal with a reason of its own (403: a member of a REJECTED
 * company, spec section 4's "not allowed" message) says that reason; anything else the spec's
 * words for a failed add or removal.
 */
export function favouriteRefusal(cause: unknown, adding: boolean): string {
  if (cause instanceof ApiError && cause.code === 403) return cause.message;
  return adding ? favouriteMessages.addError : favouriteMessages.removeError;
}

function withItem(set: ReadonlySet<string>, refnum: string, present: boolean): ReadonlySet<string> {
  const next = new Set(set);
  if (present) next.add(refnum);
  else next.delete(refnum);
  return next;
}

/** A favourites store over `calls` (loaded lazily: they bring the api client). */
export function createFavouriteStore(loadCalls: () => Promise<FavouriteCalls>): FavouriteStore {
  const $saved = atom<ReadonlySet<string>>(new Set());
  const $busy = atom<ReadonlySet<string>>(new Set());
  const $changes = atom(0);
  let loadedFor: string | null = null;
  let watching = false;

  function watch(): void {
    if (watching) return;
    watching = true;
    $session.subscribe((session) => {
      if (!session) {
        loadedFor = null;
        $saved.set(new Set());
        return;
      }
      if (loadedFor === session.userRefnum) return;
      const person = session.userRefnum;
      loadedFor = person;
      // Only while that person is still signed in: a log-out meanwhile (the client loads lazily)
      // would send the call without a token, to be refused.
      const stillSignedIn = () => $session.get()?.userRefnum === person;
      void loadCalls()
        .then((calls) => (stillSignedIn() ? calls.refnums() : null))
        .then(
          (refnums) => {
            if (refnums && stillSignedIn()) $saved.set(new Set(refnums));
          },
          (cause: unknown) => {
            loadedFor = null;
            logFailure('Could not load favourites', cause);
          },
        );
    });
  }

  async function toggle(refnum: string): Promise<void> {
    if ($busy.get().has(refnum)) return;
    const adding = !$saved.get().has(refnum);
    $busy.set(withItem($busy.get(), refnum, true));
    try {
      const calls = await loadCalls();
      if (adding) await calls.add(refnum);
      else await calls.remove(refnum);
      $saved.set(withItem($saved.get(), refnum, adding));
      $changes.set($changes.get() + 1);
    } catch (cause) {
      logFailure('Could not change a favourite', cause);
      showToast(favouriteRefusal(cause, adding), 'error');
    } finally {
      $busy.set(withItem($busy.get(), refnum, false));
    }
  }

  return { $saved, $pending: $busy, $changes, watch, toggle };
}

/** The sale favourites. */
export const saleFavourites = createFavouriteStore(async () => {
  const { browserApi } = await import('../lib/api');
  return {
    refnums: async () => (await browserApi.favourites.refnums()).favRefnums,
    add: (listingRefnum) => browserApi.favourites.add({ listingRefnum }),
    remove: (listingRefnum) => browserApi.favourites.remove({ listingRefnum }),
  };
});

/** The signed-in person's favourite listing refnums (empty for a guest). */
export const $favourites = saleFavourites.$saved;
/** Listings whose heart is being saved or removed right now: their buttons wait. */
export const $favouritesPending = saleFavourites.$pending;
/** Counts every change made here, so the favourites page reloads after one. */
export const $favouriteChanges = saleFavourites.$changes;
export const watchFavourites = saleFavourites.watch;
export const toggleFavourite = saleFavourites.toggle;
