import { SEARCH_PROMPT } from '@yardly/shared/rules';

/** What a guest is told on the search login prompt (spec section 9), marketplace and rentals alike. */
export const SEARCH_PROMPT_NOTICE = 'Log in or sign up to keep searching';

/** Marketplace and rentals searches are counted apart (spec section 3, Search counters). */
export type SearchSection = 'marketplace' | 'rentals';

interface Counter {
  count: number;
  /** When the current window started (ms). */
  lastAccessed: number;
}

const WINDOW_MS = SEARCH_PROMPT.windowMinutes * 60_000;
export const searchCounterKey = (section: SearchSection) => `yardly.searchCount.${section}`;

/**
 * Count one search by a guest. True when this is the SEARCH_PROMPT.count-th (or later) search
 * within the window, so the login prompt should open; a window that has passed starts again.
 */
export function countGuestSearch(section: SearchSection, storage: Storage = localStorage, now = Date.now()): boolean {
  const previous = read(storage, section);
  const current: Counter =
    previous && now - previous.lastAccessed < WINDOW_MS
      ? { count: previous.count + 1, lastAccessed: previous.lastAccessed }
      : { count: 1, lastAccessed: now };
  storage.setItem(searchCounterKey(section), JSON.stringify(current));
  return current.count >= SEARCH_PROMPT.count;
}

function read(storage: Storage, section: SearchSection): Counter | null {
  try {
    const value = JSON.parse(storage.getItem(searchCounterKey(section)) ?? 'null') as Partial<Counter> | null;
    return value && typeof value.count === 'number' && typeof value.lastAccessed === 'number'
      ? { count: value.count, lastAccessed: value.lastAccessed }
      : null;
  } catch {
    return null;
  }
}
