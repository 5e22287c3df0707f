import { favouriteMessages } from '@yardly/shared/rules';
import { atom, type ReadableAtom } from 'nanostores';
import { $session } from './session';
import { showToast } from './toast';

const $saved = atom<ReadonlySet<string>>(new Set());
const $busy = atom<ReadonlySet<string>>(new Set());
const $changes = atom(0);

/** The signed-in person's favourite listing refnums (empty for a guest). */
export const $favourites: ReadableAtom<ReadonlySet<string>> = $saved;
/** Listings whose heart is being saved or removed right now: their buttons wait. */
export const $favouritesPending: ReadableAtom<ReadonlySet<string>> = $busy;
/** Counts every change made here, so the favourites page reloads after one. */
export const $favouriteChanges: ReadableAtom<number> = $changes;

let loadedFor: string | null = null;

function withItem(set: ReadonlySet<string>, refnum: string, present: boolean): ReadonlySet<string> {
  const next = new Set(set);
  if (present) next.add(refnum);
  else next.delete(refnum);
  return next;
}

/** Loads the person's favourites once per sign-in, so every card shows the right heart. */
export function watchFavourites(): void {
  $session.subscribe((session) => {
    if (!session) {
      loadedFor = null;
      $saved.set(new Set());
      return;
    }
    if (loadedFor === session.userRefnum) return;
    loadedFor = session.userRefnum;
    void import('../lib/api')
      .then(({ browserApi }) => browserApi.favourites.refnums())
      .then(
        ({ favRefnums }) => $saved.set(new Set(favRefnums)),
        (cause: unknown) => {
          loadedFor = null;
          console.error('Could not load favourites', cause);
        },
      );
  });
}

/** Adds or removes a favourite; one request per listing at a time; a failure says so. */
export async function toggleFavourite(listingRefnum: string): Promise<void> {
  if ($busy.get().has(listingRefnum)) return;
  const adding = !$saved.get().has(listingRefnum);
  $busy.set(withItem($busy.get(), listingRefnum, true));
  try {
    const { browserApi } = await import('../lib/api');
    if (adding) await browserApi.favourites.add({ listingRefnum });
    else await browserApi.favourites.remove({ listingRefnum });
    $saved.set(withItem($saved.get(), listingRefnum, adding));
    $changes.set($changes.get() + 1);
  } catch (cause) {
    console.error('Could not change a favourite', cause);
    showToast(adding ? favouriteMessages.addError : favouriteMessages.removeError, 'error');
  } finally {
    $busy.set(withItem($busy.get(), listingRefnum, false));
  }
}
