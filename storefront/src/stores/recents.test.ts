import { MemoryStorage } from '@yardly/shared/client';
import { describe, expect, it } from 'vitest';
import { forgetRecents, MAX_RECENTS, recentSearches, rememberSearch } from './recents';

describe("the session's recents (spec section 3)", () => {
  it('keeps the last searches newest first, each once, at most 5', () => {
    const storage = new MemoryStorage();
    for (const text of ['lamp', 'desk', 'sofa', 'chair', 'rug', 'bike']) rememberSearch('marketplace', text, storage);
    expect(recentSearches('marketplace', storage)).toEqual(['bike', 'rug', 'chair', 'sofa', 'desk']);
    expect(recentSearches('marketplace', storage)).toHaveLength(MAX_RECENTS);

    rememberSearch('marketplace', '  Sofa  ', storage);
    expect(recentSearches('marketplace', storage)).toEqual(['Sofa', 'bike', 'rug', 'chair', 'desk']);
  });

  it('keeps the marketplace and the rentals apart, ignores empty words, and forgets all at log out', () => {
    const storage = new MemoryStorage();
    rememberSearch('marketplace', 'lamp', storage);
    rememberSearch('rentals', 'studio  near park', storage);
    rememberSearch('rentals', '   ', storage);
    expect(recentSearches('rentals', storage)).toEqual(['studio near park']);
    expect(recentSearches('marketplace', storage)).toEqual(['lamp']);

    forgetRecents(storage);
    expect(recentSearches('marketplace', storage)).toEqual([]);
    expect(recentSearches('rentals', storage)).toEqual([]);
  });

  it('reads nothing from a broken entry', () => {
    const storage = new MemoryStorage();
    storage.setItem('yardly.recents.marketplace', '{not json');
    expect(recentSearches('marketplace', storage)).toEqual([]);
  });
});
