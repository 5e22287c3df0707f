import { hydrated, newPerson, recentListings, signInByApi } from './fixtures';
import { expect, type Page, test } from './page-checks';

// Issue 16 §4: the storefront's pages run only their own scripts. Each page type is opened
// in Chromium, its islands and the header's script are brought to life, and no
// Content-Security-Policy violation (nor any script error) may occur on the way.

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
  /** Where the refused script or call is: file:line:column. */
  source: string;
}

declare global {
  interface Window {
    cspViolations: Violation[];
    injectedRan?: boolean;
  }
}

/** Records the page's CSP violations from its first script on, and its errors. */
async function watch(page: Page): Promise<string[]> {
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations.push({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        sample: event.sample,
        source: `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      });
    });
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content.Security.Policy|Refused to/i.test(message.text())) {
      errors.push(`console: ${message.text()}`);
    }
  });
  return errors;
}

async function violations(page: Page): Promise<Violation[]> {
  return page.evaluate(() => window.cspViolations);
}

/** The policy this page's scripts run under: from its header(s) and its <meta>. */
async function scriptPolicy(page: Page, path: string): Promise<string> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(500);
  const headers = (await response?.headersArray()) ?? [];
  const fromHeaders = headers.filter((h) => h.name.toLowerCase() === 'content-security-policy').map((h) => h.value);
  expect(fromHeaders.join(' | '), `${path}: never framed`).toContain("frame-ancestors 'none'");
  const fromMeta = await page
    .locator('meta[http-equiv="content-security-policy"]')
    .evaluateAll((metas) => metas.map((m) => m.getAttribute('content') ?? ''));
  const all = [...fromHeaders, ...fromMeta].join('; ');
  const scriptSrc = all
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d.startsWith('script-src'));
  expect(scriptSrc, `${path}: one script-src`).toHaveLength(1);
  return scriptSrc[0] ?? '';
}

async function expectClean(page: Page, errors: string[], path: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  expect(await violations(page), `${path}: CSP violations`).toEqual([]);
  expect(errors, `${path}: errors`).toEqual([]);
}

test('every page type restricts scripts to its own and runs without a violation', async ({
  page,
  request,
  pageChecks,
}) => {
  test.setTimeout(120_000);
  // The not-found page is one of the page types: its address answers 404 on purpose.
  pageChecks.expectNotFound('/no-such-page/here');
  const errors = await watch(page);
  const [item] = await recentListings(request, 1);
  if (!item) throw new Error('the demo data has listings');

  const pages: { path: string; awake: (page: Page) => Promise<void> }[] = [
    {
      // The home page: the header's script, the search box's island on demand, the rails island.
      path: '/',
      awake: async (p) => {
        await (await hydrated(p.getByRole('combobox', { name: 'Search items' }))).fill('lamp');
        await p.getByRole('contentinfo').scrollIntoViewIfNeeded();
        await expect(p.getByRole('region', { name: 'Just listed' }).getByRole('article').first()).toBeVisible();
      },
    },
    {
      path: '/products',
      awake: async (p) => {
        await expect(p.getByRole('article').first()).toBeVisible();
        await (await hydrated(p.getByRole('button', { name: 'List', exact: true }))).click();
        await expect(p.getByRole('button', { name: 'List', exact: true })).toHaveAttribute('aria-pressed', 'true');
      },
    },
    {
      path: `/${item.listingRefnum}`,
      awake: async (p) => {
        await expect(p.getByRole('heading', { level: 1 })).toBeVisible();
        await hydrated(p.getByRole('button', { name: 'Report an item' }));
      },
    },
    { path: '/faq', awake: async (p) => void (await hydrated(p.getByRole('button', { name: 'Log in', exact: true }))) },
    { path: '/no-such-page/here', awake: async (p) => void (await expect(p.getByText('Aw, Snap!')).toBeVisible()) },
  ];
  for (const { path, awake } of pages) {
    const policy = await scriptPolicy(page, path);
    expect(policy, path).toContain("'self'");
    expect(policy, `${path}: no inline script without its hash`).not.toContain("'unsafe-inline'");
    expect(policy, path).toMatch(/'sha256-/);
    await awake(page);
    await expectClean(page, errors, path);
  }

  // A signed-in page (client-only islands, the session store).
  await signInByApi(page, newPerson('Cyprian'));
  for (const path of ['/favorites', '/taxonomy']) {
    await scriptPolicy(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Hi, Cyprian', exact: true })).toBeVisible();
    await expectClean(page, errors, path);
  }
});

test("a messages page opens its live stream (EventSource to /svc/live, connect-src 'self') without a violation", async ({
  page,
}) => {
  const errors = await watch(page);
  await signInByApi(page, newPerson('Liv'));
  const stream = page.waitForResponse((response) => new URL(response.url()).pathname === '/svc/live');
  await scriptPolicy(page, '/myquest/messages');
  await expect(page.getByRole('heading', { level: 1, name: 'My Messages' })).toBeVisible();
  const opened = await stream;
  expect(opened.status()).toBe(200);
  expect(opened.headers()['content-type']).toMatch(/^text\/event-stream/);
  // Not 'networkidle': the stream stays open while the page is.
  await expect(page.getByText('No messages yet')).toBeVisible();
  expect(await violations(page), 'CSP violations').toEqual([]);
  expect(errors, 'errors').toEqual([]);
});

test('a script that is not the page’s own is refused', async ({ page, pageChecks }) => {
  pageChecks.allowConsole(/Content Security Policy/, 'the test injects a script to see the policy refuse it');
  await watch(page);
  await page.goto('/faq');
  await page.waitForLoadState('networkidle');
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injectedRan = true;';
    document.body.append(script);
    return window.injectedRan === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => violations(page)).toEqual([expect.objectContaining({ directive: 'script-src-elem' })]);
});
