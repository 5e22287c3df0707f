import { LAYOUT_WAIT_MS } from '@yardly/shared/rules';

/** Spec section 3, "saved scroll positions per page URI": this tab's, in its session storage. */
export const SCROLL_POSITIONS_KEY = 'yardly.scrollPositions';
/** The newest pages kept; an older one is forgotten. */
const KEPT = 50;

type Positions = Record<string, number>;

function read(storage: Storage): Positions {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(SCROLL_POSITIONS_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Positions) : {};
  } catch {
    return {};
  }
}

/** Remembers where a page (path and query) was scrolled to. */
export function saveScrollPosition(storage: Storage, uri: string, top: number): void {
  const positions = read(storage);
  delete positions[uri];
  positions[uri] = Math.max(0, Math.round(top));
  const uris = Object.keys(positions);
  for (const old of uris.slice(0, Math.max(0, uris.length - KEPT))) delete positions[old];
  try {
    storage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify(positions));
  } catch {
    // Storage full or closed: the position is not kept, the page works as before.
  }
}

export function savedScrollPosition(storage: Storage, uri: string): number | null {
  const top = read(storage)[uri];
  return typeof top === 'number' ? top : null;
}

interface ScrollWindow {
  location: { pathname: string; search: string };
  scrollY: number;
  scrollTo(options: { top: number }): void;
  addEventListener(type: 'pagehide' | 'scroll', listener: () => void, options?: { passive?: boolean }): void;
  setTimeout(handler: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

/**
 * Keeps this page's scroll position as the person scrolls and leaves; coming back to it through
 * the history (back or forward), scrolls there again once the layout has settled: the spec's
 * layout wait (section 9, 250 ms), so lists drawn by their islands are there to scroll past.
 */
export function keepScrollPositions(win: ScrollWindow, storage: Storage, cameBack: boolean): void {
  const uri = () => `${win.location.pathname}${win.location.search}`;
  const save = () => saveScrollPosition(storage, uri(), win.scrollY);
  let pending: unknown = null;
  win.addEventListener(
    'scroll',
    () => {
      if (pending !== null) win.clearTimeout(pending);
      pending = win.setTimeout(() => {
        pending = null;
        save();
      }, LAYOUT_WAIT_MS);
    },
    { passive: true },
  );
  win.addEventListener('pagehide', save);
  const top = cameBack ? savedScrollPosition(storage, uri()) : null;
  if (top) win.setTimeout(() => win.scrollTo({ top }), LAYOUT_WAIT_MS);
}
