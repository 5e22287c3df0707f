import { MemoryStorage } from '@yardly/shared/client';
import { describe, expect, it, vi } from 'vitest';
import { keepScrollPositions, SCROLL_POSITIONS_KEY, savedScrollPosition, saveScrollPosition } from './scroll-positions';

function fakeWindow(pathname: string, search = '') {
  const listeners: Record<string, (() => void)[]> = {};
  const win = {
    location: { pathname, search },
    scrollY: 0,
    scrollTo: vi.fn((options: { top: number }) => {
      win.scrollY = options.top;
    }),
    addEventListener: (type: string, listener: () => void) => {
      listeners[type] = [...(listeners[type] ?? []), listener];
    },
    setTimeout: (handler: () => void, ms: number) => setTimeout(handler, ms),
    clearTimeout: (id: unknown) => clearTimeout(id as ReturnType<typeof setTimeout>),
    fire: (type: string) => {
      for (const listener of listeners[type] ?? []) listener();
    },
  };
  return win;
}

describe('saved scroll positions per page URI (spec section 3) and the 250 ms layout wait (section 9)', () => {
  it('back on a list, it scrolls to where the person was, once the layout has waited 250 ms', () => {
    vi.useFakeTimers();
    try {
      const storage = new MemoryStorage();
      const list = fakeWindow('/products', '?category=C0X96QHARRHN&page=2');
      keepScrollPositions(list, storage, false);
      list.scrollY = 1840;
      list.fire('pagehide');

      const back = fakeWindow('/products', '?category=C0X96QHARRHN&page=2');
      keepScrollPositions(back, storage, true);
      vi.advanceTimersByTime(249);
      expect(back.scrollTo).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(back.scrollTo).toHaveBeenCalledWith({ top: 1840 });

      // Another page's position is its own; a link (not back) starts at the top.
      const other = fakeWindow('/products', '?category=C0X96QHARRHN&page=3');
      keepScrollPositions(other, storage, true);
      const fresh = fakeWindow('/products', '?category=C0X96QHARRHN&page=2');
      keepScrollPositions(fresh, storage, false);
      vi.advanceTimersByTime(1000);
      expect(other.scrollTo).not.toHaveBeenCalled();
      expect(fresh.scrollTo).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('saves while scrolling, once scrolling has paused', () => {
    vi.useFakeTimers();
    try {
      const storage = new MemoryStorage();
      const page = fakeWindow('/favorites');
      keepScrollPositions(page, storage, false);
      page.scrollY = 300;
      page.fire('scroll');
      vi.advanceTimersByTime(100);
      page.scrollY = 640;
      page.fire('scroll');
      vi.advanceTimersByTime(250);
      expect(savedScrollPosition(storage, '/favorites')).toBe(640);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the newest 50 pages, and a broken entry reads as none', () => {
    const storage = new MemoryStorage();
    for (let i = 0; i < 60; i++) saveScrollPosition(storage, `/p${i}`, i * 10);
    expect(savedScrollPosition(storage, '/p9')).toBeNull();
    expect(savedScrollPosition(storage, '/p59')).toBe(590);
    storage.setItem(SCROLL_POSITIONS_KEY, 'not json');
    expect(savedScrollPosition(storage, '/p59')).toBeNull();
  });
});
