import { MemoryStorage } from '@yardly/shared/client';
import { describe, expect, it } from 'vitest';
import { countGuestSearch } from './search-counter';

const MINUTE = 60_000;

describe('the search login prompt', () => {
  it('asks on the fifth search within 120 minutes, and on every one after', () => {
    const storage = new MemoryStorage();
    const asks = [0, 10, 20, 30, 40, 50].map((m) => countGuestSearch('marketplace', storage, m * MINUTE));
    expect(asks).toEqual([false, false, false, false, true, true]);
  });

  it('starts again once the window has passed', () => {
    const storage = new MemoryStorage();
    for (const m of [0, 1, 2, 3]) countGuestSearch('marketplace', storage, m * MINUTE);
    expect(countGuestSearch('marketplace', storage, 121 * MINUTE)).toBe(false);
    expect(JSON.parse(storage.getItem('yardly.searchCount.marketplace') ?? '')).toEqual({
      count: 1,
      lastAccessed: 121 * MINUTE,
    });
  });

  it('counts marketplace and rentals apart', () => {
    const storage = new MemoryStorage();
    for (const m of [0, 1, 2, 3]) countGuestSearch('marketplace', storage, m * MINUTE);
    expect(countGuestSearch('rentals', storage, 4 * MINUTE)).toBe(false);
    expect(countGuestSearch('marketplace', storage, 5 * MINUTE)).toBe(true);
  });
});
