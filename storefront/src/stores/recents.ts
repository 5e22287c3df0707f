/**
 * The session's recents (spec section 3): the last searches typed in the header's box, newest
 * first, which the box offers again when it is focused empty. Kept in this browser per section
 * (marketplace, rentals); logging out forgets them, as it forgets the rest of the session.
 */
export type RecentsSection = 'marketplace' | 'rentals';

export const MAX_RECENTS = 5;

const recentsKey = (section: RecentsSection) => `yardly.recents.${section}`;

function store(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage refused (privacy settings): no recents
  }
}

export function recentSearches(section: RecentsSection, storage = store()): string[] {
  try {
    const value: unknown = JSON.parse(storage?.getItem(recentsKey(section)) ?? '[]');
    return Array.isArray(value)
      ? value.filter((text): text is string => typeof text === 'string').slice(0, MAX_RECENTS)
      : [];
  } catch {
    return [];
  }
}

/** A search was run: first in its section's recents (once: the same words, whatever their case, move up). */
export function rememberSearch(section: RecentsSection, text: string, storage = store()): void {
  const words = text.trim().replace(/\s+/g, ' ');
  if (!words) return;
  const others = recentSearches(section, storage).filter((old) => old.toLowerCase() !== words.toLowerCase());
  try {
    storage?.setItem(recentsKey(section), JSON.stringify([words, ...others].slice(0, MAX_RECENTS)));
  } catch {
    // Storage full or refused: the search runs, it is only not offered again.
  }
}

export function forgetRecents(storage = store()): void {
  try {
    for (const section of ['marketplace', 'rentals'] as const) storage?.removeItem(recentsKey(section));
  } catch {
    // Storage refused: nothing was kept.
  }
}
