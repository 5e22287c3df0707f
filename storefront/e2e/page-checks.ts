import { mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  test as base,
  expect,
  type Frame,
  type Page,
  type Response,
  type TestInfo,
} from '@playwright/test';
import { E2E_IDP } from '../playwright.config';
import { followDevClock, forgetContexts, journeyLane } from './browser-clock';

// Issue 33 §7: the journeys drive the DOM; these checks look at what a person sees. After every
// navigation and every click of every journey, at 1280 and at 384 px: the page fits the window,
// every visible button and link can be hit, no same-origin request or link answers 4xx/5xx, the
// console stays clean, axe finds nothing; and each step is photographed at both widths.

// Everything else of Playwright's too, so a spec file changes one line: its import's source.
export * from '@playwright/test';
export { expect };

/** The two widths every step is seen at (spec: width breakpoints). */
export const WIDE = 1280;
export const NARROW = 384;
/** The spec's layout wait (Timings): the longest a resized page is given to settle. */
const LAYOUT_WAIT_MS = 250;
/** The longest a step waits for the page's requests to finish before it is looked at. */
const SETTLE_CAP_MS = 1_500;
/** `PAGE_CHECKS_SHOTS=all` photographs every step at both widths (to review a journey's pages). */
const EVERY_STEP_SHOTS = process.env.PAGE_CHECKS_SHOTS === 'all';
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** A failed check: its message says what, where and at which width. */
export class PageCheckError extends Error {
  override name = 'PageCheckError';
}

// ---------------------------------------------------------------------------------------------
// The checks, each usable on its own (page-checks.spec.ts runs them on pages made to break them).

/** Two animation frames: what was laid out has been painted. */
async function twoFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/** The page is no wider than the window (polled for the layout wait: a resized page settles). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const measure = () =>
    page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  const deadline = Date.now() + LAYOUT_WAIT_MS;
  let size = await measure();
  while (size.scrollWidth > size.innerWidth && Date.now() < deadline) {
    await twoFrames(page);
    size = await measure();
  }
  if (size.scrollWidth <= size.innerWidth) return;
  // The deepest elements that stick out past the window's right edge: where to look.
  const culprits = await page.evaluate(() => {
    const label = (el: Element) => {
      const parts: string[] = [];
      for (let e: Element | null = el; e && parts.length < 3 && e !== document.body; e = e.parentElement) {
        const id = e.id ? `#${e.id}` : '';
        const cls = [...e.classList]
          .slice(0, 2)
          .map((c) => `.${c}`)
          .join('');
        parts.unshift(`${e.tagName.toLowerCase()}${id}${cls}`);
      }
      return parts.join(' > ');
    };
    const out: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.right <= window.innerWidth + 0.5 || r.width === 0) continue;
      // Only the innermost: a child sticking out is the cause, its parents merely carry it.
      if ([...el.children].some((c) => c.getBoundingClientRect().right > window.innerWidth + 0.5)) continue;
      out.push(`${label(el)} (right edge ${Math.round(r.right)} px)`);
      if (out.length >= 5) break;
    }
    // Text too long for its box (an unbroken email, say) overflows without its element growing.
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node && out.length < 5; node = texts.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      const right = range.getBoundingClientRect().right;
      if (right > window.innerWidth + 0.5 && node.parentElement) {
        out.push(
          `text "${(node.textContent ?? '').trim().slice(0, 40)}" in ${label(node.parentElement)} (right edge ${Math.round(right)} px)`,
        );
      }
    }
    return out;
  });
  throw new PageCheckError(
    `the page is wider than the window: scrollWidth ${size.scrollWidth} > innerWidth ${size.innerWidth}; sticking out: ${
      culprits.join('; ') || 'nothing measurable (a transform or margin?)'
    }`,
  );
}

interface Unhittable {
  control: string;
  selector: string;
  why: string;
}

/**
 * Every visible button and link can be hit where a person would click it: scrolled into view as
 * a person scrolls (the window, and boxes that scroll: overflow auto or scroll, never an
 * `overflow: hidden` one, which a person cannot scroll and which Playwright's
 * scrollIntoViewIfNeeded would scroll, hiding the very clipping this is for), brought to the middle
 * of the window (so never under a sticky header), the element at its centre is it or inside it.
 * With a modal dialog open only the top-most dialog's controls count (the rest is inert); with a
 * popup open (what an `aria-expanded="true"` control names in `aria-controls`), what it covers is
 * covered on purpose; skip links and other visually hidden controls (1 px, or placed off the page
 * until focused) do not count.
 */
export async function expectControlsHittable(page: Page): Promise<void> {
  const misses = await page.evaluate(async (): Promise<Unhittable[]> => {
    const label = (el: Element | null): string => {
      if (!el) return 'nothing';
      const parts: string[] = [];
      for (let e: Element | null = el; e && parts.length < 3 && e !== document.documentElement; e = e.parentElement) {
        const id = e.id ? `#${e.id}` : '';
        const cls = [...e.classList]
          .slice(0, 2)
          .map((c) => `.${c}`)
          .join('');
        parts.unshift(`${e.tagName.toLowerCase()}${id}${cls}`);
        if (id) break;
      }
      return parts.join(' > ') || el.tagName.toLowerCase();
    };
    const nameOf = (el: Element) => {
      const text = el.getAttribute('aria-label') ?? (el.textContent ?? '').replace(/\s+/g, ' ').trim();
      const kind = el.tagName === 'A' || el.getAttribute('role') === 'link' ? 'link' : 'button';
      return `${kind} "${text.slice(0, 50) || (el.getAttribute('href') ?? '')}"`;
    };
    const scrolls = (el: Element) => {
      const s = getComputedStyle(el);
      const y = /(auto|scroll|overlay)/.test(s.overflowY) && el.scrollHeight > el.clientHeight;
      const x = /(auto|scroll|overlay)/.test(s.overflowX) && el.scrollWidth > el.clientWidth;
      return x || y;
    };
    const saved: [Element | null, number, number][] = [[null, window.scrollX, window.scrollY]];

    // With a modal open, the top-most one: the one found at its own centre.
    const topModal = (): Element | null => {
      const modals = [
        ...document.querySelectorAll(
          'dialog, [role="dialog"][aria-modal="true"], [role="alertdialog"][aria-modal="true"]',
        ),
      ].filter((d) =>
        d instanceof HTMLDialogElement
          ? d.open && d.matches(':modal')
          : d.checkVisibility({ visibilityProperty: true }),
      );
      const atCentre = (d: Element) => {
        const r = d.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return hit !== null && d.contains(hit);
      };
      return [...modals].reverse().find(atCentre) ?? modals[modals.length - 1] ?? null;
    };
    const scope: ParentNode = topModal() ?? document;

    // An open popup (the menu an expanded button controls: the account menu) covers what is under
    // it on purpose, until a person closes it: a control it covers is not a miss. One that covers
    // a control while nothing names it open (a menu left open by a navigation) still is.
    const popups = [...document.querySelectorAll('[aria-expanded="true"][aria-controls]')]
      .map((toggle) => document.getElementById(toggle.getAttribute('aria-controls') ?? ''))
      .filter((popup): popup is HTMLElement => popup?.checkVisibility() ?? false);
    const underOpenPopup = (el: Element, hit: Element | null) =>
      hit !== null && popups.some((popup) => popup.contains(hit) && !popup.contains(el));

    const out: Unhittable[] = [];
    const controls = scope.querySelectorAll(
      'a[href], button, [role="button"], [role="link"], input[type="submit"], input[type="button"], summary',
    );
    // As a person scrolls: each box that scrolls, innermost first, then the window.
    const scrollTo = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body && a !== document.documentElement; a = a.parentElement) {
        if (!scrolls(a)) continue;
        saved.push([a, a.scrollLeft, a.scrollTop]);
        const box = a.getBoundingClientRect();
        const r = el.getBoundingClientRect();
        a.scrollTop += r.top + r.height / 2 - (box.top + a.clientTop + a.clientHeight / 2);
        a.scrollLeft += r.left + r.width / 2 - (box.left + a.clientLeft + a.clientWidth / 2);
      }
      const r = el.getBoundingClientRect();
      window.scrollBy(r.left + r.width / 2 - window.innerWidth / 2, r.top + r.height / 2 - window.innerHeight / 2);
    };
    // A link wrapped over lines has a box per line: hit at the centre of any of them.
    const hitTest = (el: Element) => {
      // The whole box first: an inline link around a block (a logo) has line boxes beside it.
      const boxes = [el.getBoundingClientRect(), ...el.getClientRects()].filter((b) => b.width >= 2 && b.height >= 2);
      let hit: Element | null = null;
      let point = { x: 0, y: 0 };
      const ok =
        boxes.length === 0 ||
        boxes.some((b) => {
          point = { x: b.left + b.width / 2, y: b.top + b.height / 2 };
          hit = document.elementFromPoint(point.x, point.y);
          return hit !== null && (hit === el || el.contains(hit));
        });
      return { ok, hit: hit as Element | null, point };
    };
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const fixedWithin = (el: Element) => {
      for (let a: Element | null = el; a && a !== document.documentElement; a = a.parentElement) {
        if (getComputedStyle(a).position === 'fixed') return true;
      }
      return false;
    };

    const missed: Element[] = [];
    for (const el of controls) {
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      // Inert, or hidden from assistive technology while a modal (a drawer) covers it on purpose.
      if (el.closest('[inert], [aria-hidden="true"]') || getComputedStyle(el).pointerEvents === 'none') continue;
      const first = el.getBoundingClientRect();
      // Visually hidden on purpose: a 1 px box (the visually-hidden class) ...
      if (first.width < 2 || first.height < 2) continue;
      // ... or placed off the page until focused (the skip link): no scrolling reaches it. Inside a
      // fixed box (the console's app bar) scrolling moves nothing: its own place is the page's.
      const scrolled = fixedWithin(el) ? { x: 0, y: 0 } : { x: window.scrollX, y: window.scrollY };
      if (first.right + scrolled.x <= 0 || first.bottom + scrolled.y <= 0) continue;
      scrollTo(el);
      if (!hitTest(el).ok) missed.push(el);
    }
    // A miss is tried again once the page has painted where it was scrolled: what is rendered
    // only near the window (content-visibility: auto, the home page's rails) is laid out a frame later.
    // Covered on purpose, now: under an open popup, or outside a modal that opened while the page
    // was looked at (the step's answer came meanwhile), which makes the page under it inert.
    const excused = (el: Element, hit: Element | null) => {
      const modal = topModal();
      return underOpenPopup(el, hit) || (modal !== null && !modal.contains(el));
    };
    for (const el of missed) {
      // What is excused as it stands costs no frames (a modal over a page of 150 links).
      scrollTo(el);
      if (excused(el, hitTest(el).hit)) continue;
      // Scrolled again after the paint: what was rendered meanwhile has moved the rest.
      await frame();
      scrollTo(el);
      await frame();
      const { ok, hit, point } = hitTest(el);
      if (ok || excused(el, hit)) continue;
      let why: string;
      if (point.x < 0 || point.y < 0 || point.x > window.innerWidth || point.y > window.innerHeight) {
        why = `its centre (${Math.round(point.x)}, ${Math.round(point.y)}) stays outside the window however it is scrolled`;
      } else {
        // Clipped: an ancestor that hides its overflow and does not contain the point.
        let clipper: Element | null = null;
        for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
          const s = getComputedStyle(a);
          if (!/(hidden|clip)/.test(s.overflowX + s.overflowY)) continue;
          const b = a.getBoundingClientRect();
          if (point.x < b.left || point.x > b.right || point.y < b.top || point.y > b.bottom) {
            clipper = a;
            break;
          }
        }
        why = clipper
          ? `clipped by ${label(clipper)} (overflow: hidden); at its centre is ${label(hit)}`
          : `covered at its centre by ${label(hit)}`;
      }
      out.push({ control: nameOf(el), selector: label(el), why });
    }
    // Back where the journey left it.
    for (const [el, left, top] of saved.reverse()) {
      if (el) {
        el.scrollLeft = left;
        el.scrollTop = top;
      } else window.scroll(left, top);
    }
    return out;
  });
  if (misses.length === 0) return;
  throw new PageCheckError(
    `${misses.length} visible control(s) cannot be clicked: ${misses
      .slice(0, 8)
      .map((m) => `${m.control} (${m.selector}): ${m.why}`)
      .join('; ')}`,
  );
}

/**
 * axe, WCAG 2.2 A and AA, finds nothing. It looks at the page scrolled to its top (and puts the
 * journey's scroll back): target-size counts what covers a control, so a button the journey left
 * half under the sticky header would fail it, though a person scrolls it out from there.
 */
export async function expectAxeClean(page: Page): Promise<void> {
  const scrolled = await page.evaluate(() => {
    const at = { x: window.scrollX, y: window.scrollY };
    window.scroll(0, 0);
    return at;
  });
  // Legacy mode runs axe in the page itself: the default opens a blank page per run to merge the
  // frames' results, two to three times slower (the pages have no frames of their own).
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    // options() replaces what withTags set: so first.
    .options({ resultTypes: ['violations'] })
    .withTags(AXE_TAGS)
    .analyze()
    .finally(() => page.evaluate(({ x, y }) => window.scroll(x, y), scrolled).catch(() => {}));
  if (violations.length === 0) return;
  throw new PageCheckError(
    `axe: ${violations
      .map(
        (v) =>
          `${v.id} (${v.help}): ${v.nodes
            .slice(0, 5)
            .map((n) => n.target.join(' '))
            .join(', ')}${v.nodes.length > 5 ? ` and ${v.nodes.length - 5} more` : ''}`,
      )
      .join('; ')}`,
  );
}

/** What a journey may meet on purpose: a step that must answer an error, with its reason. */
export interface Allowance {
  /** The path (with its query, without the origin), or a pattern of the whole address. */
  url: string | RegExp;
  /** Only this answer (default: any 4xx). */
  status?: number;
  /**
   * Only an answer whose envelope says this (`msg`): the refusal the journey means, not another
   * one on the same call (a deliberate wrong code, never an expired token).
   */
  message?: string | RegExp;
  reason: string;
}

/** Whether an answer of `status` for `address`, saying `message` (when read), is one the journey means. */
function allowedBy(allowances: Allowance[], address: string, status: number, message?: string): boolean {
  const url = new URL(address);
  return allowances.some(
    (a) =>
      (a.status === undefined ? status < 500 : a.status === status) &&
      (typeof a.url === 'string'
        ? a.url === url.pathname + url.search || a.url === url.pathname
        : a.url.test(address)) &&
      (a.message === undefined ||
        (message !== undefined && (typeof a.message === 'string' ? message === a.message : a.message.test(message)))),
  );
}

/** The envelope's message of an answer (`msg`), or undefined when it has none. */
async function envelopeMessage(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as { msg?: unknown };
    return typeof body?.msg === 'string' ? body.msg : undefined;
  } catch {
    return undefined;
  }
}

/** Each link target is fetched once per run (per worker): its status, or the promise of it. */
export type LinkCache = Map<string, Promise<number>>;

/** The page's same-origin link targets, without their fragments. */
export async function linkTargets(page: Page): Promise<string[]> {
  const origin = new URL(page.url()).origin;
  const hrefs = await page.evaluate(() =>
    [...document.querySelectorAll('a[href]')].map((a) => (a as HTMLAnchorElement).href),
  );
  const targets = hrefs
    .filter((h) => h.startsWith(`${origin}/`))
    .map((h) => {
      const u = new URL(h);
      u.hash = '';
      return u.href;
    });
  return [...new Set(targets)];
}

/** Each target answers below 400 (HEAD, or GET where HEAD is refused); each is fetched once per `cache`. */
export async function expectTargetsResolve(
  targets: string[],
  request: APIRequestContext,
  cache: LinkCache,
  allowances: Allowance[] = [],
): Promise<void> {
  const statuses = await Promise.all(
    targets.map((url) => {
      let status = cache.get(url);
      if (!status) {
        status = (async () => {
          try {
            const head = await request.fetch(url, { method: 'HEAD', timeout: 30_000 });
            if (head.status() < 400) return head.status();
            return (await request.fetch(url, { method: 'GET', timeout: 30_000 })).status();
          } catch {
            return 0;
          }
        })();
        cache.set(url, status);
      }
      return status.then((s) => [url, s] as const);
    }),
  );
  const broken = statuses.filter(([url, s]) => (s === 0 || s >= 400) && !allowedBy(allowances, url, s));
  if (broken.length === 0) return;
  throw new PageCheckError(
    `link target(s) answer an error: ${broken
      .map(([url, s]) => `${new URL(url).pathname}${new URL(url).search} → ${s || 'no answer'}`)
      .join(', ')}`,
  );
}

/** Every same-origin `<a href>` on the page answers below 400. */
export async function expectLinksResolve(
  page: Page,
  request: APIRequestContext,
  cache: LinkCache,
  allowances: Allowance[] = [],
): Promise<void> {
  await expectTargetsResolve(await linkTargets(page), request, cache, allowances);
}

// ---------------------------------------------------------------------------------------------
// The fixture: every page of the journey watched, and looked at after each navigation and click.

/**
 * Installed in every watched page: its timers of a second or more (a success toast's 5 s, the
 * not-found page's 2 s, a redirect's 2.5 s) are paused while the checks look, so a look never
 * eats the time a person has to read a toast (and a journey to assert it). Shorter timers (React,
 * debounces, layout) run on. `__pageChecksPause(true)` pauses, `(false)` resumes the clock of each.
 */
export function installTimerPause(): void {
  const w = window as unknown as { __pageChecksPause?: (on: boolean) => void };
  if (w.__pageChecksPause) return;
  const realSet = window.setTimeout.bind(window);
  const realClear = window.clearTimeout.bind(window);
  type Timer = { real: number; run: () => void; due: number };
  const timers = new Map<number, Timer>();
  // Far above the browser's own ids, so clearTimeout tells them apart.
  let nextId = 1_000_000_000;
  let pausedAt: number | null = null;
  const arm = (id: number, timer: Timer) => {
    timer.real = realSet(
      () => {
        if (pausedAt !== null) return; // rearmed on resume
        timers.delete(id);
        timer.run();
      },
      Math.max(0, timer.due - performance.now()),
    );
  };
  window.setTimeout = ((handler: TimerHandler, ms = 0, ...args: unknown[]) => {
    if (typeof handler !== 'function' || Number(ms) < 1_000) return realSet(handler, ms, ...args);
    const id = nextId++;
    const timer: Timer = { real: 0, run: () => handler(...args), due: performance.now() + Number(ms) };
    timers.set(id, timer);
    arm(id, timer);
    return id;
  }) as typeof window.setTimeout;
  window.clearTimeout = ((id?: number) => {
    const timer = id === undefined ? undefined : timers.get(id);
    if (timer && id !== undefined) {
      realClear(timer.real);
      timers.delete(id);
    } else realClear(id);
  }) as typeof window.clearTimeout;
  // The page's own window.scrollTo calls while the checks look (the checks scroll with
  // window.scroll): the look puts the page where the page asked, not back where it had been.
  const realScrollTo = window.scrollTo.bind(window) as (...args: unknown[]) => void;
  let asked: unknown[] | null = null;
  window.scrollTo = ((...args: unknown[]) => {
    if (pausedAt !== null) asked = args;
    realScrollTo(...args);
  }) as typeof window.scrollTo;
  (w as { __pageChecksScrolled?: () => unknown[] | null }).__pageChecksScrolled = () => {
    const last = asked;
    asked = null;
    return last;
  };
  w.__pageChecksPause = (on: boolean) => {
    if (on) {
      pausedAt ??= performance.now();
      asked = null;
      return;
    }
    if (pausedAt === null) return;
    const paused = performance.now() - pausedAt;
    pausedAt = null;
    for (const [id, timer] of timers) {
      realClear(timer.real);
      timer.due += paused;
      arm(id, timer);
    }
  };
}

/** Where the window is scrolled to. */
function scrollOf(page: Page): Promise<{ x: number; y: number }> {
  return page.evaluate(() => ({ x: window.scrollX, y: window.scrollY }));
}

/**
 * Scrolls the window back to where it was before a look resized it, or, when the page itself
 * scrolled meanwhile (its layout timers run on during a look: a list put back where the person
 * was), to where the page asked.
 */
async function scrollBack(page: Page, { x, y }: { x: number; y: number }): Promise<void> {
  await page
    .evaluate(
      ([left, top]) => {
        const asked = (window as unknown as { __pageChecksScrolled?: () => unknown[] | null }).__pageChecksScrolled?.();
        if (asked) window.scroll(...(asked as [number, number]));
        else window.scroll(left, top);
      },
      [x, y] as const,
    )
    .catch(() => {});
}

export async function pauseTimers(page: Page, on: boolean): Promise<void> {
  await page.evaluate(
    (pause) => (window as unknown as { __pageChecksPause?: (on: boolean) => void }).__pageChecksPause?.(pause),
    on,
  );
}

interface Finding {
  check: string;
  message: string;
}

/** What a journey tells the checks: the not-found steps and other answers it meets on purpose. */
export interface PageChecks {
  /** A step that must answer 404 (a not-found page), e.g. `expectNotFound('/L0000000000Z')`. */
  expectNotFound(path: string | RegExp): void;
  /** Any other answer of 4xx (or `status`) for `url` the journey asks for on purpose, with why. */
  allow(allowance: Allowance): void;
  /** A console error the journey causes on purpose (e.g. a CSP violation it tests), with why. */
  allowConsole(pattern: RegExp, reason: string): void;
}

const linkCache: LinkCache = new Map();
/**
 * URL + width already seen by axe in this worker: axe is the slow check (two thirds of the looks'
 * time when it ran after every click), so it runs once per address and width, on the page settled
 * (its level-1 heading there); the cheap checks still run after every step.
 */
const axeSeen = new Set<string>();

const watchedContexts = new WeakSet<BrowserContext>();
/** The check state of each watched page (the wrapped actions find their page's here). */
const watched = new WeakMap<Page, PageWatch>();

/** The checks of one journey: its pages, its allowances, what they found. */
export class JourneyChecks implements PageChecks {
  readonly findings: Finding[] = [];
  readonly allowances: Allowance[] = [];
  readonly consoleAllowances: RegExp[] = [];
  readonly pages: PageWatch[] = [];
  step = 0;
  /** Time spent looking, for the suite's cost (an annotation of the test). */
  lookingMs = 0;
  /** Each check's share of it. */
  readonly timings: Record<string, number> = {};
  /** The link targets being fetched. */
  readonly pending: Promise<void>[] = [];
  private readonly seen = new Set<string>();

  constructor(readonly testInfo: TestInfo) {}

  expectNotFound(path: string | RegExp): void {
    this.allowances.push({ url: path, status: 404, reason: 'the journey’s not-found step' });
  }

  allow(allowance: Allowance): void {
    if (!allowance.reason) throw new Error('an allowance needs its reason');
    this.allowances.push(allowance);
  }

  allowConsole(pattern: RegExp, reason: string): void {
    if (!reason) throw new Error('an allowance needs its reason');
    this.consoleAllowances.push(pattern);
  }

  /** A finding, once per test (the same defect met at every step is one finding). */
  add(check: string, where: string, message: string): void {
    const key = `${check}|${message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.findings.push({ check, message: `${where}: ${message}` });
  }

  watch(page: Page): void {
    wrapActions(page);
    if (watched.has(page)) return;
    const watch = new PageWatch(page, this);
    watched.set(page, watch);
    this.pages.push(watch);
  }

  async watchContext(context: BrowserContext): Promise<void> {
    if (watchedContexts.has(context)) return;
    watchedContexts.add(context);
    await context.addInitScript(installTimerPause);
    for (const page of context.pages()) this.watch(page);
    context.on('page', (page) => this.watch(page));
    // A journey that ends by closing its context would cut off the link targets still being
    // fetched through it ("no answer"): closing waits for them first.
    const close = context.close.bind(context);
    context.close = async (...args: Parameters<BrowserContext['close']>) => {
      await Promise.allSettled(this.pending);
      return close(...args);
    };
  }

  /** Fails with every finding (the journey ran on to its end, so one run lists them all). */
  assertClean(): void {
    const report = this.report();
    if (report) throw new PageCheckError(report);
  }

  report(): string | undefined {
    if (this.findings.length === 0) return undefined;
    return `The page checks found ${this.findings.length} problem(s) (issue 33 §7):\n${this.findings
      .map((f, i) => `  ${i + 1}. [${f.check}] ${f.message}`)
      .join('\n')}`;
  }
}

/**
 * A page that is not Yardly's: the sign-in provider's own (the OpenID stand-in, standing in for
 * Google's), which a social sign-in passes through. Its pages are the provider's to check.
 */
const providerPage = (page: Page) => {
  try {
    return new URL(page.url()).origin === new URL(E2E_IDP.issuer).origin;
  } catch {
    return false;
  }
};

const sameOrigin = (address: string, page: Page, testInfo: TestInfo) => {
  try {
    const origin = new URL(address).origin;
    const pageUrl = page.url();
    return (
      (pageUrl.startsWith('http') && origin === new URL(pageUrl).origin) ||
      origin === new URL(String(testInfo.project.use.baseURL ?? 'http://invalid')).origin
    );
  } catch {
    return false;
  }
};

class PageWatch {
  /** Navigated since it was last looked at: the next action (or the test's end) looks first. */
  dirty = false;
  private running = false;
  private inflight = new Set<unknown>();

  constructor(
    readonly page: Page,
    readonly journey: JourneyChecks,
  ) {
    const { testInfo } = journey;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) this.dirty = true;
    });
    page.on('request', (r) => {
      if (!['eventsource', 'websocket'].includes(r.resourceType())) this.inflight.add(r);
    });
    page.on('requestfinished', (r) => this.inflight.delete(r));
    page.on('requestfailed', (r) => this.inflight.delete(r));
    page.on('response', (response) => {
      const status = response.status();
      if (status < 400 || !sameOrigin(response.url(), page, testInfo) || providerPage(page)) return;
      const r = response.request();
      const where = this.where();
      const address = new URL(response.url());
      const said = `${r.method()} ${address.pathname}${address.search} answered ${status} (${r.resourceType()})`;
      // The envelope's message says why (which refusal, or the token's end), and whether the journey
      // meant it: read while the page lives.
      const reading = envelopeMessage(response).then((message) => {
        if (allowedBy(journey.allowances, response.url(), status, message)) return;
        journey.add('request', where, `${said}${message === undefined ? '' : `: "${message.slice(0, 120)}"`}`);
      });
      journey.pending.push(reading);
    });
    page.on('console', (message) => {
      if (message.type() !== 'error' || providerPage(page)) return;
      const text = message.text();
      // A failed same-origin load is the request check's (with its address and the allowances).
      const at = message.location().url;
      if (/^Failed to load resource/.test(text) && at && sameOrigin(at, page, testInfo)) return;
      if (journey.consoleAllowances.some((p) => p.test(text))) return;
      journey.add('console', this.where(), `console error: ${text.slice(0, 300)}`);
    });
    page.on('pageerror', (error) => {
      if (providerPage(page)) return;
      if (journey.consoleAllowances.some((p) => p.test(error.message))) return;
      journey.add('pageerror', this.where(), `uncaught ${error.name}: ${error.message.slice(0, 300)}`);
    });
  }

  where(): string {
    try {
      const u = new URL(this.page.url());
      return `${u.pathname}${u.search}${u.hash}`;
    } catch {
      return this.page.url();
    }
  }

  /**
   * The page's requests have finished and its level-1 heading is there (or the cap passed), and
   * two frames were painted: a page is looked at once its content has settled, not mid-navigation
   * or before its island has rendered (a page without its heading for longer than the cap is
   * then axe's finding).
   */
  private async settle(): Promise<void> {
    const deadline = Date.now() + SETTLE_CAP_MS;
    await this.page.waitForLoadState('domcontentloaded', { timeout: SETTLE_CAP_MS }).catch(() => {});
    const headed = () =>
      this.page.evaluate(() => document.querySelector('h1, [role="heading"][aria-level="1"]') !== null);
    while (Date.now() < deadline && (this.inflight.size > 0 || !(await headed())))
      await new Promise((r) => setTimeout(r, 25));
    await twoFrames(this.page);
  }

  /** A look at the page as it is now, at its width and at the other one. */
  async look(after: string): Promise<void> {
    const { page, journey } = this;
    if (this.running || page.isClosed()) return;
    this.running = true;
    this.dirty = false;
    const started = Date.now();
    const size = page.viewportSize();
    let scrolled: { x: number; y: number } | undefined;
    try {
      if (!size || !page.url().startsWith('http') || providerPage(page)) return;
      scrolled = await scrollOf(page);
      const settling = Date.now();
      await this.settle();
      journey.timings.settle = (journey.timings.settle ?? 0) + Date.now() - settling;
      await pauseTimers(page, true);
      const step = ++journey.step;
      const other = size.width <= 600 ? WIDE : NARROW;
      for (const width of [size.width, other]) {
        if (width !== size.width) {
          await page.setViewportSize({ width, height: size.height });
          await this.layoutSettled();
        }
        await this.checksAt(width, `${after}, ${width} px`, step);
      }
    } catch (error) {
      // The page went away under the look (a navigation, a closed tab): the next look sees the new one.
      if (!page.isClosed() && !/closed|destroyed|navigat|detached/i.test(String(error))) {
        journey.add('checks', this.where(), `the checks themselves failed: ${String(error).slice(0, 300)}`);
      }
    } finally {
      if (size && !page.isClosed()) {
        await page.setViewportSize(size).catch(() => {});
        await this.layoutSettled().catch(() => {});
        // The other width laid the page out afresh: back to where the person had scrolled.
        if (scrolled) await scrollBack(page, scrolled);
        await pauseTimers(page, false).catch(() => {});
      }
      this.running = false;
      const spent = Date.now() - started;
      journey.lookingMs += spent;
      // The looks are not the journey's: its time limit grows by theirs.
      if (journey.testInfo.timeout > 0) journey.testInfo.setTimeout(journey.testInfo.timeout + spent);
    }
  }

  private async layoutSettled(): Promise<void> {
    // Two frames: the resized layout is painted; a page that lays out again (a media query read by
    // a script) gets the rest of the layout wait in expectNoSidewaysScroll's poll.
    await twoFrames(this.page);
  }

  private async checksAt(width: number, label: string, step: number): Promise<void> {
    const { page, journey } = this;
    const findingsBefore = journey.findings.length;
    const where = `${this.where()} (${label})`;
    const found = (check: string) => (error: unknown) => {
      if (!(error instanceof PageCheckError)) throw error;
      journey.add(`${check} at ${width} px`, where, error.message);
    };
    const run = async (check: string, fn: () => Promise<void>) => {
      const started = Date.now();
      await fn().catch(found(check));
      journey.timings[check] = (journey.timings[check] ?? 0) + Date.now() - started;
    };
    await run('fits', () => expectNoSidewaysScroll(page));
    await run('hittable', () => expectControlsHittable(page));
    // The targets are fetched meanwhile (a page of cards links to dozens): the journey goes on,
    // and its end waits for them.
    const targets = await linkTargets(page);
    journey.pending.push(
      expectTargetsResolve(targets, page.context().request, linkCache, journey.allowances).catch(found('links')),
    );
    const address = new URL(page.url());
    address.hash = '';
    const key = `${address.href}|${width}`;
    if (!axeSeen.has(key)) {
      axeSeen.add(key);
      await run('axe', () => expectAxeClean(page));
    }
    // Photographed when this look found something (what it was), or at every step when asked;
    // the journey's last view of each page is photographed at its end (finalShots).
    if (EVERY_STEP_SHOTS || journey.findings.length > findingsBefore) await this.shoot(`${step}`, width);
  }

  /** A screenshot of the page as it is, named `<name>-<width>.png`, its time counted. */
  async shoot(name: string, width: number): Promise<void> {
    const shot = Date.now();
    await this.photograph(name, width);
    this.journey.timings.screenshots = (this.journey.timings.screenshots ?? 0) + Date.now() - shot;
  }

  /** The page as the journey left it, at both widths: `final-1280.png` and `final-384.png`. */
  async finalShots(): Promise<void> {
    const { page } = this;
    const size = page.viewportSize();
    if (!size || page.isClosed() || !page.url().startsWith('http')) return;
    const scrolled = await scrollOf(page).catch(() => undefined);
    try {
      await pauseTimers(page, true);
      for (const width of [size.width, size.width <= 600 ? WIDE : NARROW]) {
        if (width !== size.width) {
          await page.setViewportSize({ width, height: size.height });
          await this.layoutSettled();
        }
        // A journey of several pages (two people, a new tab): each its own.
        const which = this.journey.pages.length > 1 ? `-page${this.journey.pages.indexOf(this) + 1}` : '';
        await this.shoot(`final${which}`, width);
      }
    } catch {
      // A page closing meanwhile has nothing left to photograph.
    } finally {
      if (!page.isClosed()) {
        await page.setViewportSize(size).catch(() => {});
        if (scrolled) await scrollBack(page, scrolled);
      }
    }
  }

  private async photograph(step: string, width: number): Promise<void> {
    const { testInfo } = this.journey;
    const spec = basename(testInfo.file).replace(/\.spec\.ts$/, '');
    const name = testInfo.titlePath
      .slice(1)
      .join(' ')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 120);
    const dir = join(testInfo.project.outputDir, 'steps', spec, name);
    mkdirSync(dir, { recursive: true });
    await this.page.screenshot({ path: join(dir, `${step}-${width}.png`), timeout: 5_000 });
  }
}

type Wrappable = Record<string, (...args: unknown[]) => Promise<unknown>>;

/** Wraps a prototype's method so that a watched page is looked at after it (and first, when it navigated meanwhile). */
function wrap(proto: Wrappable, method: string, pageOf: (self: unknown) => Page, what: string): void {
  const original = proto[method];
  if (!original || (original as { pageChecks?: true }).pageChecks) return;
  const wrapped = async function (this: unknown, ...args: unknown[]) {
    const page = pageOf(this);
    const watch = watched.get(page);
    const options = args.find((a) => typeof a === 'object' && a !== null) as { trial?: boolean } | undefined;
    if (!watch || options?.trial) return original.apply(this, args);
    if (watch.dirty) await watch.look(`after a navigation, before a ${what}`);
    const result = await original.apply(this, args);
    const target = typeof args[0] === 'string' ? ` ${args[0]}` : '';
    await watch.look(`after ${what}${target.slice(0, 80)}`);
    return result;
  };
  (wrapped as { pageChecks?: true }).pageChecks = true;
  proto[method] = wrapped;
}

let wrapped = false;
function wrapActions(page: Page): void {
  if (wrapped) return;
  wrapped = true;
  // Locator.click and Page.click both end in Frame.click; Page.goto in Frame.goto.
  const frameProto = Object.getPrototypeOf(page.mainFrame()) as Wrappable;
  const pageProto = Object.getPrototypeOf(page) as Wrappable;
  const frameFirst = (self: unknown) => (self as Frame).page();
  for (const m of ['click', 'dblclick', 'tap']) wrap(frameProto, m, frameFirst, m);
  wrap(frameProto, 'goto', frameFirst, 'goto');
  for (const m of ['reload', 'goBack', 'goForward']) wrap(pageProto, m, (self) => self as Page, m);
}

/**
 * Whether the journeys look at every step: always, in `pnpm test` and CI too (docs/decisions/0048);
 * `PAGE_CHECKS=0` runs the journeys blind, to tell a page-check finding from a journey's own failure.
 */
export const PAGE_CHECKS_ON = process.env.PAGE_CHECKS !== '0';

export const test = base.extend<{ pageChecks: PageChecks; pageChecksOn: boolean }>({
  pageChecksOn: [PAGE_CHECKS_ON, { option: true }],
  pageChecks: [
    async ({ context, browser, pageChecksOn, request }, use, testInfo) => {
      const journey = new JourneyChecks(testInfo);
      const looking = pageChecksOn;
      const lane = String(testInfo.project.use.baseURL ?? '');
      journeyLane(lane);
      // Every context of the journey keeps the lane's dev clock (browser-clock.ts) and, when
      // looking, is watched; journeys of two people make their own (journeys.ts personIn).
      const adopt = async (made: BrowserContext, baseURL: string | undefined) => {
        await followDevClock(made, baseURL ?? lane, request);
        if (looking) await journey.watchContext(made);
      };
      await adopt(context, lane);
      const newContext = browser.newContext.bind(browser);
      const newPage = browser.newPage.bind(browser);
      const own = browser as Browser & Pick<Browser, 'newContext' | 'newPage'>;
      own.newContext = async (...args: Parameters<Browser['newContext']>) => {
        const made = await newContext(...args);
        await adopt(made, args[0]?.baseURL);
        return made;
      };
      own.newPage = async (...args: Parameters<Browser['newPage']>) => {
        const made = await newPage(...args);
        await adopt(made.context(), args[0]?.baseURL);
        return made;
      };
      if (!looking) {
        // Not looking: a journey's named allowances are kept and unused.
        try {
          await use(journey);
        } finally {
          delete (own as Partial<typeof own>).newContext;
          delete (own as Partial<typeof own>).newPage;
          forgetContexts();
        }
        return;
      }
      try {
        await use(journey);
        // What navigated since its last look (a tab opened, a form sent with Enter) is looked at now.
        for (const watch of journey.pages) if (watch.dirty && !watch.page.isClosed()) await watch.look('at the end');
        for (const watch of journey.pages) await watch.finalShots();
        await Promise.all(journey.pending);
      } finally {
        delete (own as Partial<typeof own>).newContext;
        delete (own as Partial<typeof own>).newPage;
        forgetContexts();
        const share = Object.entries(journey.timings)
          .map(([check, ms]) => `${check} ${(ms / 1000).toFixed(1)}`)
          .join(', ');
        const cost = `${journey.step} steps looked at, in ${(journey.lookingMs / 1000).toFixed(1)} s (${share})`;
        testInfo.annotations.push({ type: 'page checks', description: cost });
        // PAGE_CHECKS_TIMING=1 prints it: what the checks cost a suite.
        if (process.env.PAGE_CHECKS_TIMING) console.log(`[page checks] ${testInfo.title}: ${cost}`);
      }
      journey.assertClean();
    },
    { auto: true },
  ],
});
