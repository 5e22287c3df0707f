import { gzipSync } from 'node:zlib';
import { E2E_ADMIN } from '../playwright.config';
import { dialog, recentListings } from './fixtures';
import { logInToConsole } from './journeys';
import { expect, type Page, type Response, test } from './page-checks';

// Issue 16 §7: a page ships only the JavaScript it needs. What Chromium loads before anyone
// touches the page (no interaction, until the network is idle), gzipped: its script files and
// the scripts written into the HTML. It counts bytes, not time, so it holds on any machine.
const KB = 1024;
/** Pages whose content is the HTML: the header's own small script and little else. */
const STATIC_BUDGET = 15 * KB;
/** Pages whose content has islands (the product list, an item's photos and actions). */
const ISLAND_BUDGET = 60 * KB;
/** Issue 38: the console's first screen for an admin (react-admin, MUI, the dashboard). */
const CONSOLE_BUDGET = 300 * KB;
/** What the console loads for a guest before sending them to the sign-in: the session check. */
const CONSOLE_GUEST_BUDGET = 40 * KB;

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 384, height: 800 },
} as const;

interface Weight {
  total: number;
  /** Each file's gzipped size, for the message when the budget is broken. */
  files: Record<string, number>;
}

/**
 * Opens `path` and weighs the JavaScript loaded until the network is idle, gzipped. With `scope`,
 * only the script files under that path (the console's, when it sends a guest on to the storefront).
 */
async function scriptWeight(page: Page, path: string, scope?: string): Promise<Weight> {
  const bodies: Promise<[string, number]>[] = [];
  const onResponse = (response: Response) => {
    if (!/javascript/.test(response.headers()['content-type'] ?? '')) return;
    const name = new URL(response.url()).pathname;
    if (scope && !name.startsWith(scope)) return;
    // Fetched again rather than read from the page: a page that moves on (the console sending a
    // guest to the sign-in) drops its responses' bodies before they can be read.
    const body = page.request
      .get(response.url(), { headers: { 'accept-encoding': 'identity' } })
      .then((again) => again.body());
    bodies.push(body.then((bytes) => [name, gzipSync(bytes).length]));
  };
  page.on('response', onResponse);
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  const files = Object.fromEntries(await Promise.all(bodies));
  if (scope) return { total: sum(Object.values(files)), files };
  // Scripts written into the page (island runtime, directives), not data (JSON-LD).
  const inline = await page
    .locator('script:not([src])')
    .evaluateAll((scripts) =>
      scripts
        .filter((s) => !(s as HTMLScriptElement).type || /module|javascript/.test((s as HTMLScriptElement).type))
        .map((s) => s.textContent ?? ''),
    );
  files['(inline)'] = sum(inline.map((code) => gzipSync(code).length));
  return { total: sum(Object.values(files)), files };
}

function sum(sizes: number[]): number {
  return sizes.reduce((total, size) => total + size, 0);
}

function filesBySize(weight: Weight): string {
  return Object.entries(weight.files)
    .sort(([, a], [, b]) => b - a)
    .map(([name, size]) => `${name} ${(size / KB).toFixed(1)} KB`)
    .join(', ');
}

/** Weighs `path` and holds it to `budget`; every page is weighed and reported, even after one fails. */
async function expectWithin(page: Page, path: string, budget: number, scope?: string): Promise<void> {
  const weight = await scriptWeight(page, path, scope);
  const width = page.viewportSize()?.width;
  const what = `${path}${scope ? ` (files under ${scope})` : ''} at ${width} px`;
  test.info().annotations.push({ type: 'weight', description: `${what}: ${(weight.total / KB).toFixed(1)} KB` });
  expect.soft(weight.total, `${what}: ${filesBySize(weight)}`).toBeLessThanOrEqual(budget);
}

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`at ${viewportName} width`, () => {
    test.use({ viewport });

    test('static pages and the rentals home load at most 15 KB of JavaScript before interaction', async ({ page }) => {
      const post = '/blog/pricing-used-items';
      for (const path of ['/', '/rentals', '/faq', '/faq/selling', '/terms-and-conditions', '/blog', post]) {
        await expectWithin(page, path, STATIC_BUDGET);
      }
    });

    test('the product list and an item page load at most 60 KB of JavaScript before interaction', async ({
      page,
      request,
    }) => {
      const [item] = await recentListings(request, 1);
      const categories = await (await request.get('/categories')).text();
      const category = /href="(\/products\?category=[A-Z0-9]+)"/.exec(categories)?.[1];
      expect(category, 'a category link on /categories').toBeTruthy();
      for (const path of [category ?? '', `/${item?.listingRefnum}`]) {
        await expectWithin(page, path, ISLAND_BUDGET);
      }
    });

    test("the console loads at most 300 KB for an admin's dashboard, and only its session check for a guest", async ({
      page,
      browser,
    }) => {
      // A guest: sent to the storefront's sign-in by the console's entry, before react-admin loads.
      await expectWithin(page, '/admin/', CONSOLE_GUEST_BUDGET, '/admin/');
      // The storefront's sign-in (it takes ?q=login off the address once its dialog is open).
      await expect(dialog(page, 'Log in')).toBeVisible();
      await logInToConsole(page, E2E_ADMIN);
      // The admin's first load of the console, in a fresh browser holding their session (no cache).
      const fresh = await browser.newContext({ viewport, storageState: await page.context().storageState() });
      const admin = await fresh.newPage();
      await expectWithin(admin, '/admin/', CONSOLE_BUDGET);
      await expect(admin.getByText('Open reports')).toBeVisible();
      await fresh.close();
    });
  });
}
