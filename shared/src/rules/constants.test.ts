import { describe, expect, it } from 'vitest';
import {
  ADDRESS_FORM_CLOSE_MS,
  CLIENT_VERSION,
  COPY_LINK_MS,
  NOT_FOUND_DELAY_MS,
  PAGE_SIZES,
  SCROLL_TOP_AFTER_PX,
  SEARCH_PROMPT,
  SUCCESS_TOAST_MS,
} from './constants';

describe('spec section 9 constants', () => {
  it('page sizes', () => {
    expect(PAGE_SIZES).toEqual({ default: 25, profileListings: 8, reviews: 10, category: 11, favourites: 10 });
  });

  it('timings', () => {
    expect([NOT_FOUND_DELAY_MS, SCROLL_TOP_AFTER_PX, SUCCESS_TOAST_MS, ADDRESS_FORM_CLOSE_MS, COPY_LINK_MS]).toEqual([
      2000, 100, 5000, 1000, 3000,
    ]);
  });

  it('search prompt and client version', () => {
    expect(SEARCH_PROMPT).toEqual({ count: 5, windowMinutes: 120 });
    expect(CLIENT_VERSION).toBe('v3');
  });
});
