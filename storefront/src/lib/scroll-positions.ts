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

/** How long a page still growing (a list an island draws after its fetch) is waited for. */
const RESTORE_TRIES = 20;
/** What a person does to scroll by themselves: from then on the page is theirs. */
const OWN_SCROLLING = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

interface ScrollWindow {
  location: { pathname: string; search: string };
  /** Set to manual: the browser's own restoring would race this one (and land short of a list still loading). */
  history?: { scrollRestoration: ScrollRestoration };
  scrollY: number;
  scrollTo(options: { top: number }): void;
  addEventListener(
    type: 'pagehide' | 'scroll' | (typeof OWN_SCROLLING)[number],
    listener: () => void,
    options?: { passive?: boolean },
  ): void;
  setTimeout(handler: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

/**
 * Keeps this page's scroll position as the person scrolls and leaves; coming back to it through
 * the history (back or forward), scrolls there again once the layout has settled: the spec's
 * layout wait (section 9, 250 ms), and again after each further wait while the page is still too
 * short to get there (a list drawn by its island after its fetch), until it gets there or the
 * person scrolls by themselves.
 */
export function keepScrollPositions(win: ScrollWindow, storage: Storage, cameBack: boolean): void {
  if (win.history) win.history.scrollRestoration = 'manual';
  const uri = () => `${win.location.pathname}${win.location.search}`;
  const top = cameBack ? savedScrollPosition(storage, uri()) : null;
  let restoring = Boolean(top);
  // While restoring, the page's scrolls are ours (and may stop short): not the person's to keep.
  const save = () => {
    if (!restoring) saveScrollPosition(storage, uri(), win.scrollY);
  };
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
  if (!top) return;
  for (const type of OWN_SCROLLING) {
    win.addEventListener(
      type,
      () => {
        restoring = false;
      },
      { passive: true },
    );
  }
  let tries = 0;
  const restore = () => {
    if (!restoring) return;
    win.scrollTo({ top });
    tries += 1;
    if (win.scrollY >= top - 1 || tries >= RESTORE_TRIES) restoring = false;
    else win.setTimeout(restore, LAYOUT_WAIT_MS);
  };
  win.setTimeout(restore, LAYOUT_WAIT_MS);
}
