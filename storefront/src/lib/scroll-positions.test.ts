import { MemoryStorage } from '@yardly/shared/client';
import { describe, expect, it, vi } from 'vitest';
import { keepScrollPositions, SCROLL_POSITIONS_KEY, savedScrollPosition, saveScrollPosition } from './scroll-positions';

function fakeWindow(pathname: string, search = '') {
  const listeners: Record<string, (() => void)[]> = {};
  const win = {
    location: { pathname, search },
    scrollY: 0,
    /** How far the page can scroll as it is laid out now (a list still loading is short). */
    maxScroll: Number.POSITIVE_INFINITY,
    history: { scrollRestoration: 'auto' as ScrollRestoration },
    scrollTo: vi.fn((options: { top: number }) => {
      win.scrollY = Math.min(options.top, win.maxScroll);
      win.fire('scroll');
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

  it('back on a list its island draws late, it waits for the page to grow, without keeping the short stops', () => {
    vi.useFakeTimers();
    try {
      const storage = new MemoryStorage();
      saveScrollPosition(storage, '/favorites', 2400);
      const back = fakeWindow('/favorites');
      back.maxScroll = 300; // the spinner, before the fetch answers
      keepScrollPositions(back, storage, true);
      expect(back.history.scrollRestoration).toBe('manual');
      vi.advanceTimersByTime(250);
      expect(back.scrollY).toBe(300);
      vi.advanceTimersByTime(1000);
      // The page's own stop short of the place is not what the person left.
      expect(savedScrollPosition(storage, '/favorites')).toBe(2400);
      back.maxScroll = 9000; // the list is drawn
      vi.advanceTimersByTime(250);
      expect(back.scrollY).toBe(2400);
      const calls = back.scrollTo.mock.calls.length;
      vi.advanceTimersByTime(5000);
      expect(back.scrollTo.mock.calls.length).toBe(calls);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops restoring as soon as the person scrolls by themselves', () => {
    vi.useFakeTimers();
    try {
      const storage = new MemoryStorage();
      saveScrollPosition(storage, '/favorites', 2400);
      const back = fakeWindow('/favorites');
      back.maxScroll = 300;
      keepScrollPositions(back, storage, true);
      vi.advanceTimersByTime(250);
      back.fire('wheel');
      back.scrollY = 120;
      back.fire('scroll');
      back.maxScroll = 9000;
      vi.advanceTimersByTime(5000);
      expect(back.scrollY).toBe(120);
      expect(savedScrollPosition(storage, '/favorites')).toBe(120);
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
