import { test as plain } from '@playwright/test';
import {
  expect,
  expectAxeClean,
  expectControlsHittable,
  expectLinksResolve,
  expectNoSidewaysScroll,
  installTimerPause,
  JourneyChecks,
  type LinkCache,
  pauseTimers,
  test,
} from './page-checks';

// The page checks (issue 33 §7) on pages made to break them: each check must fail, with a message
// that says what and where. The pages are served by `page.route` at the lane's own origin, so
// same-origin rules apply as on the real pages. These tests use Playwright's plain `test` and run
// each check by hand; the last ones use the checked `test` and expect the journey to fail.

const PAGE = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
  <title>Broken</title><link rel="icon" href="data:,"><style>body{margin:0;font:16px sans-serif}</style></head><body><main>${body}</main></body></html>`;

async function serve(page: import('@playwright/test').Page, path: string, body: string) {
  await page.route(`**${path}`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: PAGE(body) }));
  await page.goto(path);
}

// The fixture's own journeys look at every step, whatever PAGE_CHECKS says.
test.use({ pageChecksOn: true });

plain.describe('each check fails on a page made to break it', () => {
  plain('a button clipped by an overflow: hidden card cannot be clicked', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await serve(
      page,
      '/__broken/clipped',
      `<h1>Dashboard</h1>
       <div class="card" style="height:60px;overflow:hidden;width:240px;border:1px solid">
         <p style="height:80px;margin:0">A card taller than its box</p>
         <button type="button">View Offers (1)</button>
       </div>`,
    );
    const failure = expectControlsHittable(page);
    await expect(failure).rejects.toThrow(
      /button "View Offers \(1\)" \(main > div\.card > button\): clipped by .*div\.card \(overflow: hidden\); at its centre is html/,
    );
  });

  plain('a control a person can scroll to, or one under a sticky header, or a skip link, passes', async ({ page }) => {
    await page.setViewportSize({ width: 384, height: 600 });
    await serve(
      page,
      '/__broken/scrollable',
      `<a href="#main" style="position:absolute;top:-100px">Skip to content</a>
       <header style="position:sticky;top:0;height:120px;background:#fff;z-index:2"><a href="/">Yardly</a></header>
       <div style="height:60px;overflow:auto;width:240px">
         <p style="height:80px;margin:0">A box that scrolls</p>
         <button type="button">Inside a scrolling box</button>
       </div>
       <div style="height:1500px"></div>
       <button type="button">Far below, under the header once scrolled</button>`,
    );
    await expectControlsHittable(page);
  });

  plain('an open popup covers the page on purpose; the same cover with nothing named open fails', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const menu = (expanded: boolean) =>
      `<h1>Home</h1>
       <button type="button" aria-expanded="${expanded}" aria-controls="account-menu">Hi, Ann</button>
       <ul id="account-menu" style="position:fixed;inset:0 0 auto 0;height:100vh;margin:0;background:#fff">
         <li><a href="/settings">Account Settings</a></li></ul>
       <a href="/categories">All categories</a>`;
    await serve(page, '/__broken/popup-open', menu(true));
    await expectControlsHittable(page);
    await serve(page, '/__broken/popup-left-open', menu(false));
    await expect(expectControlsHittable(page)).rejects.toThrow(
      /link "All categories" .*covered at its centre by ul#account-menu/,
    );
  });

  plain('with a modal dialog open only its own controls count, and a clipped one inside it fails', async ({ page }) => {
    await serve(
      page,
      '/__broken/dialog',
      `<button type="button">Behind the dialog</button>
       <div role="dialog" aria-modal="true" aria-label="Log in" style="position:fixed;inset:0;background:#fff">
         <div class="fields" style="height:30px;overflow:hidden"><p style="height:60px;margin:0">Email</p>
         <button type="button">Log in</button></div></div>`,
    );
    await expect(expectControlsHittable(page)).rejects.toThrow(
      /^1 visible control\(s\) cannot be clicked: button "Log in" .*clipped by .*div\.fields \(overflow: hidden\)/,
    );
  });

  plain('a link to a missing page fails, with its address and status', async ({ page }) => {
    await serve(
      page,
      '/__broken/links',
      '<a href="/__broken/nowhere">A page that does not exist</a> <a href="/">Home</a>',
    );
    const cache: LinkCache = new Map();
    await expect(expectLinksResolve(page, page.context().request, cache)).rejects.toThrow(
      'link target(s) answer an error: /__broken/nowhere → 404',
    );
    // Each address is fetched once per run: the second look reads the cache.
    expect([...cache.keys()].map((u) => new URL(u).pathname).sort()).toEqual(['/', '/__broken/nowhere']);
    // A journey's deliberate not-found link is allowed by name.
    await expectLinksResolve(page, page.context().request, cache, [
      { url: '/__broken/nowhere', status: 404, reason: 'this test' },
    ]);
  });

  plain('a header wider than the window at 384 px fails, naming what sticks out', async ({ page }) => {
    await page.setViewportSize({ width: 384, height: 800 });
    await serve(
      page,
      '/__broken/wide-header',
      '<header class="site-header"><div class="brand" style="width:500px">Yardly</div></header>',
    );
    await expect(expectNoSidewaysScroll(page)).rejects.toThrow(
      /scrollWidth 500 > innerWidth 384; sticking out: .*header\.site-header > div\.brand \(right edge 500 px\)/,
    );
  });

  plain(
    'a console error, an uncaught error and a failed same-origin request fail the journey',
    async ({ page }, testInfo) => {
      const journey = new JourneyChecks(testInfo);
      journey.watch(page);
      await serve(
        page,
        '/__broken/console',
        `<p>Scripts that fail</p><script>
         console.error('Minified React error #418');
         fetch('/svc/__nowhere');
         setTimeout(() => { throw new Error('boom'); });
       </script>`,
      );
      await expect
        .poll(() => journey.findings.map((f) => f.check).sort())
        .toEqual(expect.arrayContaining(['console', 'pageerror', 'request']));
      expect(() => journey.assertClean()).toThrow(
        /\[console\] \/__broken\/console: console error: Minified React error #418/,
      );
      expect(() => journey.assertClean()).toThrow(/\[pageerror\] \/__broken\/console: uncaught Error: boom/);
      expect(() => journey.assertClean()).toThrow(
        /\[request\] \/__broken\/console: GET \/svc\/__nowhere answered 404 \(fetch\)/,
      );
    },
  );

  plain('an image without a text alternative fails axe', async ({ page }) => {
    await serve(page, '/__broken/axe', '<h1>Item</h1><img src="/favicon.svg" width="40" height="40">');
    await expect(expectAxeClean(page)).rejects.toThrow(/axe: image-alt \(Images must have alternative text\): img/);
  });
});

plain(
  'a navigation of a watched page is looked at by itself, at its width and at the other one',
  async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const journey = new JourneyChecks(testInfo);
    journey.watch(page);
    await page.route('**/__broken/watched', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: PAGE('<h1>Watched</h1><div class="strip" style="width:700px">Fits 1280, not 384</div>'),
      }),
    );
    await page.goto('/__broken/watched');
    expect(() => journey.assertClean()).toThrow(
      /1\. \[fits at 384 px\] \/__broken\/watched \(after goto \/__broken\/watched, 384 px\): the page is wider than the window: scrollWidth 700 > innerWidth 384/,
    );
    expect(journey.findings).toHaveLength(1);
    // Back at the journey's own width afterwards.
    expect(page.viewportSize()).toEqual({ width: 1280, height: 800 });
  },
);

// The checked `test`: the checks run by themselves after the navigation, and what they found is
// what fails the journey at its end (read here, then taken, so this journey itself passes).
test('a journey that meets a page the checks refuse fails at its end, listing what was found', async ({
  page,
  pageChecks,
}) => {
  await page.route('**/__broken/journey', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: PAGE('<h1>Broken</h1><div style="width:2000px">Too wide</div><script>console.error("boom")</script>'),
    }),
  );
  await page.goto('/__broken/journey');
  const journey = pageChecks as JourneyChecks;
  expect(() => journey.assertClean()).toThrow(/console error: boom/);
  expect(() => journey.assertClean()).toThrow(/\[fits at 1280 px\].*scrollWidth 2000 > innerWidth 1280/);
  expect(() => journey.assertClean()).toThrow(/\[fits at 384 px\].*scrollWidth 2000 > innerWidth 384/);
  journey.findings.length = 0;
});

test('a deliberate not-found answer named in the journey passes', async ({ page, pageChecks }) => {
  pageChecks.expectNotFound('/__broken/nowhere');
  await page.route('**/__broken/lookup', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: PAGE(
        '<h1>Lookup</h1><p id="status">…</p><script>fetch("/__broken/nowhere").then((r) => { document.getElementById("status").textContent = String(r.status); })</script>',
      ),
    }),
  );
  await page.goto('/__broken/lookup');
  await expect(page.locator('#status')).toHaveText('404');
});

// An allowance that names a message covers that refusal only: the same call refused for another
// reason (an expired token where a wrong code was meant) is still a finding.
test('a deliberate refusal is allowed by its message, and another refusal of the same call is not', async ({
  page,
  pageChecks,
}) => {
  pageChecks.allow({
    url: '/__broken/verify',
    status: 400,
    message: 'That code is not correct',
    reason: 'the test sends a wrong code',
  });
  await page.route('**/__broken/verify*', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        code: 400,
        msg: new URL(route.request().url()).search ? 'The access token has expired' : 'That code is not correct',
      }),
    }),
  );
  await page.route('**/__broken/codes', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: PAGE(
        '<h1>Codes</h1><p id="status">…</p><script>Promise.all([fetch("/__broken/verify"), fetch("/__broken/verify?again=1")]).then(() => { document.getElementById("status").textContent = "done"; })</script>',
      ),
    }),
  );
  await page.goto('/__broken/codes');
  await expect(page.locator('#status')).toHaveText('done');
  const journey = pageChecks as JourneyChecks;
  await Promise.all(journey.pending);
  expect(journey.findings.map((f) => f.message)).toEqual([
    expect.stringMatching(/GET \/__broken\/verify\?again=1 answered 400 \(fetch\): "The access token has expired"$/),
  ]);
  journey.findings.length = 0;
});

plain('a look pauses the page’s timers of a second or more, so a toast outlives it', async ({ page }) => {
  await page.addInitScript(installTimerPause);
  await serve(page, '/__broken/toast', '<p role="status">Successfully added address</p>');
  const toast = page.getByRole('status');
  await page.evaluate(() => {
    setTimeout(() => document.querySelector('[role="status"]')?.remove(), 1_000);
    // A short timer (React, a debounce) runs on: only the ones a person waits for are paused.
    setTimeout(() => document.body.setAttribute('data-short', 'ran'), 10);
  });
  await pauseTimers(page, true);
  await page.waitForTimeout(1_500); // the checks looking, as long as they take
  await expect(page.locator('body')).toHaveAttribute('data-short', 'ran');
  await expect(toast).toBeVisible();
  await pauseTimers(page, false);
  await expect(toast).toBeVisible(); // the rest of its second is still to come
  await expect(toast).toBeHidden({ timeout: 2_000 });
});
