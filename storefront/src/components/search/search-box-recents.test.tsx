// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recentSearches, rememberSearch } from '../../stores/recents';
import { domHost, typeInto } from '../../test/dom';
import { SearchBox } from './SearchBox';

// The session's recents (spec section 3) as a person meets them: the header's box, focused
// empty, offers the last searches; a search typed there joins them.

const dom = domHost();
const assign = vi.fn();

function box(): HTMLInputElement {
  const found = dom.host.querySelector<HTMLInputElement>('input[role="combobox"]');
  if (!found) throw new Error('no search box');
  return found;
}

function list(): HTMLElement {
  const found = dom.host.querySelector<HTMLElement>('[role="listbox"]');
  if (!found) throw new Error('no list');
  return found;
}

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
  dom.mount();
});

afterEach(async () => {
  await dom.unmount();
  vi.restoreAllMocks();
  assign.mockReset();
});

describe('the search box and the recents', () => {
  it('offers the last searches, newest first, when focused empty; choosing one searches it again', async () => {
    rememberSearch('marketplace', 'desk lamp');
    rememberSearch('marketplace', 'oak chair');
    await dom.render(<SearchBox />);
    await act(async () => box().focus());

    expect(list().hidden).toBe(false);
    expect(list().getAttribute('aria-label')).toBe('Recent searches');
    const options = [...list().querySelectorAll('[role="option"]')];
    expect(options.map((option) => option.firstChild?.textContent)).toEqual(['oak chair', 'desk lamp']);

    await act(async () => options[1]?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true })));
    expect(assign).toHaveBeenCalledWith('/products?q=desk+lamp');
    expect(recentSearches('marketplace')).toEqual(['desk lamp', 'oak chair']);
  });

  it('shows no list without recents, and remembers a typed search', async () => {
    await dom.render(<SearchBox section="rentals" />);
    await act(async () => box().focus());
    expect(list().hidden).toBe(true);

    await typeInto(box(), 'studio');
    await act(async () => box().form?.requestSubmit());
    expect(assign).toHaveBeenCalledWith('/rentalslist?text=studio');
    expect(recentSearches('rentals')).toEqual(['studio']);
    expect(recentSearches('marketplace')).toEqual([]);
  });
});
