import type { ClientDirective } from 'astro';

/** When an island hydrated with `client:demand` is wanted before anyone uses it. */
export interface DemandOptions {
  /** At once while this media query matches, and as soon as it starts to. */
  media?: string;
  /** At once when the address carries one of these query parameters. */
  params?: string[];
  /** At once when this browser's localStorage holds one of these keys. */
  stored?: string[];
  /** When the page dispatches this event on window (another island needs this one). */
  event?: string;
}

// Hover, touch or focus: the island is about to be used, so its code starts loading.
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'focusin'] as const;

/**
 * `client:demand`: an island whose server-rendered markup is all a visitor needs until they
 * use it hydrates only then, so a page that is only read runs none of its code. Links in it
 * work as they are; a button pressed before the code is ready is pressed again once it is.
 * Runs inline in every page that uses it: no imports.
 */
const demandDirective: ClientDirective = (load, options, el) => {
  const {
    media,
    params = [],
    stored = [],
    event,
  } = (typeof options.value === 'object' ? options.value : {}) as DemandOptions;
  const query = media ? window.matchMedia(media) : undefined;
  let started = false;
  let heldButton: HTMLButtonElement | null = null;

  const holdClick = (click: MouseEvent) => {
    const button = click.target instanceof Element ? click.target.closest('button') : null;
    if (!button) return;
    click.preventDefault();
    click.stopPropagation();
    heldButton = button;
    void hydrate();
  };
  const onMediaChange = () => {
    if (query?.matches) void hydrate();
  };

  async function hydrate() {
    if (started) return;
    started = true;
    for (const name of INTENT_EVENTS) el.removeEventListener(name, hydrate);
    query?.removeEventListener('change', onMediaChange);
    if (event) window.removeEventListener(event, hydrate);
    try {
      await (await load())();
    } finally {
      el.removeEventListener('click', holdClick, true);
    }
    heldButton?.click();
  }

  const asked = new URLSearchParams(window.location.search);
  if (query?.matches || params.some((name) => asked.has(name))) {
    void hydrate();
    return;
  }
  for (const name of INTENT_EVENTS) el.addEventListener(name, hydrate, { passive: true });
  el.addEventListener('click', holdClick, true);
  query?.addEventListener('change', onMediaChange);
  if (event) window.addEventListener(event, hydrate);
  // The first read opens the page's storage, which takes a while: once the page has loaded,
  // not in the middle of parsing it.
  if (stored.length) {
    afterLoad(() => {
      if (stored.some(isStored)) void hydrate();
    });
  }
};

/**
 * Once the page has loaded, in a task of its own when the browser is idle (within a second):
 * run inside the load event, the storage read made that task long enough to block a phone.
 */
function afterLoad(run: () => void): void {
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 1000 });
    else setTimeout(run, 0);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

function isStored(key: string): boolean {
  try {
    return window.localStorage.getItem(key) !== null;
  } catch {
    return false; // storage refused (privacy settings): as if nothing were stored
  }
}

export default demandDirective;
