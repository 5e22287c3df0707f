import type { SavedSearch, SaveSearchBody } from '@yardly/shared/contract';
import { atom } from 'nanostores';
import { browserApi } from '../lib/api';

/** The person's saved searches as last loaded (null: not loaded yet). */
export const $savedSearches = atom<SavedSearch[] | null>(null);

/** Loads the person's saved searches (of one kind when asked). */
export async function loadSavedSearches(kind?: 'sale' | 'rental'): Promise<void> {
  $savedSearches.set(await browserApi.savedSearches.list(kind ? { kind } : {}));
}

/** Saves a search; the list, when shown, is loaded again. */
export async function saveSearch(body: SaveSearchBody): Promise<string> {
  const { savedSearchId } = await browserApi.savedSearches.save(body);
  if ($savedSearches.get() !== null) await loadSavedSearches();
  return savedSearchId;
}

/** Deletes one saved search and drops it from the list. */
export async function deleteSavedSearch(id: string): Promise<void> {
  await browserApi.savedSearches.remove({ id });
  $savedSearches.set(($savedSearches.get() ?? []).filter((search) => search.id !== id));
}
