import { SESSION_STORAGE_KEYS } from '@yardly/shared/client';
import { organisationFlowLabels } from '@yardly/shared/rules';
import { headerMenu, hydrated, newPerson, signInByApi } from './fixtures';
import { b2bOrganisation, expectPageFits } from './journeys';
import { type OwnServer, startOwnServer } from './own-server';
import { type Browser, type BrowserContext, expect, type Page, test } from './page-checks';

// Issue 16: at 1280 px the header's menu wrapped to a second row. Issue 33: the search box was
// 74 px wide when signed in (the query and its suggestions cut off), and with the donation flag
// and a verified badge the header was wider than the window at 1280 and 1366. Now, in every
// state (guest, signed in with a place and unread counts, verified, the donation build, an
// organisation's flow), from 1024 px up the search box is at least 240 px wide, the menu's
// entries share one row, and at every width (384 too) nothing runs off the window.

const WIDTHS = [1024, 1280, 1366, 1440, 1920, 384] as const;
/** Screenshots of the header to look at, at these widths. */
const SHOT_WIDTHS: readonly number[] = [1280, 1366, 384];
const MIN_SEARCH_WIDTH = 240;
// E2E_PORT is the first lane's server, +1 the OpenID stand-in, +2 the second lane's, +3 the
// Stripe server, +4 the donations journey's (lane b, which may run at the same time): +5 here.
const DONATION_PORT = Number(process.env.E2E_PORT ?? 3210) + 5;
const PLACE = { zip: '11215', location: '40.66,-73.98', formattedAddress: 'Brooklyn, NY 11215, USA' };

/** A long first name, cut with an ellipsis on a wide screen: the widest greeting. */
const LONG_NAME = 'Maximiliana';

async function measure(page: Page, state: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    const what = `${state} at ${width} px`;
    // Laid out again for the new width: the document no wider than the window...
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${what}: no sideways scroll` })
      .toBeLessThanOrEqual(width);
    // ...and no part of the header past either edge (a clipped one would not widen the page).
    const outside = await page.locator('.site-header').evaluate((header) =>
      [...header.querySelectorAll<HTMLElement>('a, button, input, .logo, [data-greeting]')]
        .filter(
          (element) => element.getClientRects().length > 0 && element.closest('.main-nav[data-open="false"]') === null,
        )
        .filter((element) => {
          const box = element.getBoundingClientRect();
          return box.left < 0 || box.right > window.innerWidth + 0.5;
        })
        .map((element) => element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName),
    );
    expect(outside, `${what}: header parts past the window's edges`).toEqual([]);
    if (width >= 1024) {
      const search = await page.locator('.site-header').getByRole('combobox').boundingBox();
      expect(search?.width ?? 0, `${what}: the search box's width`).toBeGreaterThanOrEqual(MIN_SEARCH_WIDTH);
      const tops = await headerMenu(page)
        .locator('.main-nav__list > li:visible')
        .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
      expect(new Set(tops).size, `${what}: menu entries at ${tops.join(', ')} px`).toBe(1);
    }
    if (SHOT_WIDTHS.includes(width)) {
      await page.screenshot({
        path: test.info().outputPath(`header-${state.replace(/\W+/g, '-')}-${width}.png`),
        clip: { x: 0, y: 0, width, height: 260 },
      });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectPageFits(page, `${state}: the page`);
}

/** Someone signed in with a place, shown verified (the badge) when asked, with unread messages and notices. */
async function signedIn(context: BrowserContext, options: { verified: boolean }): Promise<Page> {
  const page = await context.newPage();
  const person = newPerson(LONG_NAME);
  const login = await signInByApi(page, person);
  await page.addInitScript(
    ([sessionKey, place, verified]) => {
      localStorage.setItem('yardly.location', place);
      // The badge is the stored login's word (a work email verified at sign-up shows so).
      const stored = JSON.parse(localStorage.getItem(sessionKey) ?? 'null');
      if (stored && verified)
        localStorage.setItem(sessionKey, JSON.stringify({ ...stored, isProfessionVerified: true }));
    },
    [SESSION_STORAGE_KEYS.session, JSON.stringify(PLACE), options.verified] as const,
  );
  // The widest counts the menu shows ('99+').
  for (const kind of ['messages', 'notifications']) {
    await page.route(`**/svc/${kind}/unread*`, (route) =>
      route.fulfill({ json: { code: 200, data: { unreadCount: 120, conversations: 3 } } }),
    );
  }
  await page.goto('/faq');
  await expect(greeting(page, login.nameFirst)).toBeVisible();
  await expect(headerMenu(page).getByRole('button', { name: /Your location/ })).toContainText(PLACE.zip);
  await expect(headerMenu(page).getByRole('link', { name: /My Messages/ })).toContainText('99+');
  if (options.verified) await expect(headerMenu(page).getByRole('img', { name: /Verified/ })).toBeVisible();
  return page;
}

/** The account button, whose name ends with 'Verified by Yardly' when the badge shows. */
function greeting(page: Page, nameFirst: string) {
  return headerMenu(page).getByRole('button', { name: new RegExp(`^Hi, ${nameFirst}`) });
}

async function guest(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/faq');
  await expect(headerMenu(page).getByRole('button', { name: 'Sign up', exact: true })).toBeVisible();
  return page;
}

async function newContext(browser: Browser, baseURL?: string): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1280, height: 800 }, ...(baseURL ? { baseURL } : {}) });
}

test('the header fits every width with a usable search box: a guest, signed in with counts, verified', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const guestContext = await newContext(browser);
  await measure(await guest(guestContext), 'guest');
  await guestContext.close();

  const memberContext = await newContext(browser);
  await measure(await signedIn(memberContext, { verified: false }), 'signed in');
  await memberContext.close();

  const verifiedContext = await newContext(browser);
  await measure(await signedIn(verifiedContext, { verified: true }), 'verified');
  await verifiedContext.close();
});

test("the header fits in an organisation's flow (/client/{orgName})", async ({ browser, request }) => {
  test.setTimeout(120_000);
  await b2bOrganisation(request, 'Initech', 'initech.com', {
    welcomeText: 'Initech people trade here.',
    brandColor: '#0f766e',
  });
  const context = await newContext(browser);
  const page = await context.newPage();
  const person = { ...newPerson(LONG_NAME), email: `maxi.${Date.now().toString(36)}@initech.com` };
  await signInByApi(page, person, { isB2B: true, orgName: 'initech' });
  await page.goto('/faq');
  const enter = page
    .getByRole('group', { name: 'Marketplace' })
    .getByRole('button', { name: organisationFlowLabels.enter('Initech'), exact: true });
  await (await hydrated(enter)).click();
  await expect(page).toHaveURL('/client/initech');
  await expect(greeting(page, LONG_NAME)).toBeVisible();
  await measure(page, 'organisation flow');
  await context.close();
});

test.describe('the donation build (PUBLIC_DONATION_ENABLED=true)', () => {
  let server: OwnServer;
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    server = await startOwnServer('header-donation', DONATION_PORT, { PUBLIC_DONATION_ENABLED: 'true' });
  });
  test.afterAll(async () => server?.stop());

  test('with Why Donate? in the menu, the header fits for a guest and for someone verified with counts', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const guestContext = await newContext(browser, server.base);
    const guestPage = await guest(guestContext);
    await expect(headerMenu(guestPage).getByRole('link', { name: 'Why Donate?' })).toBeVisible();
    await measure(guestPage, 'donation guest');
    await guestContext.close();

    const verifiedContext = await newContext(browser, server.base);
    await measure(await signedIn(verifiedContext, { verified: true }), 'donation verified');
    await verifiedContext.close();
  });
});
