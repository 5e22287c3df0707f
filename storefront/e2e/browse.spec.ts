import { centsToDollars, formatCents } from '@yardly/shared/rules';
import { SCROLL_POSITIONS_KEY } from '../src/lib/scroll-positions';
import {
  cardLinks,
  cards,
  dialog,
  escapeHtml,
  firstCardHeart,
  hydrated,
  NOT_FOUND_TEXT,
  openCard,
  openHome,
  PRICE_PATTERN,
  recentListings,
  SHORTCUTS,
  UNKNOWN_REFNUM,
} from './fixtures';
import { expect, NARROW, test, WIDE } from './page-checks';

test('a guest browses from home to a category, page 2, an item and back', async ({ page }) => {
  await openHome(page);

  const shortcuts = page.getByRole('region', { name: 'Shop by category' });
  for (const name of SHORTCUTS) {
    await expect(shortcuts.getByRole('link', { name: new RegExp(`^${name.replace(/[&]/g, '\\$&')} `) })).toBeVisible();
  }
  const recent = page.getByRole('region', { name: 'Recently listed' });
  await expect(cards(recent).first()).toBeVisible();
  expect(await cards(recent).count()).toBeGreaterThan(1);
  // The rails from merch come in below the recent listings as one scrolls down to them.
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await expect(cards(page.getByRole('region', { name: 'Just listed' })).first()).toBeVisible();

  // Electronics: a category big enough for two pages of 25.
  await shortcuts.getByRole('link', { name: /^Electronics / }).click();
  await expect(page).toHaveURL(/\/products\?category=[A-Z0-9]{12}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Electronics' })).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs).toHaveText(/Home\s*›?\s*Categories\s*›?\s*Electronics/);
  const firstPage = await cardLinks(page);
  expect(firstPage.length).toBe(25);

  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await expect(page.getByRole('button', { name: 'Back to top' })).toBeHidden();
  await pagination.scrollIntoViewIfNeeded();
  await expect(page.getByRole('button', { name: 'Back to top' })).toBeVisible();
  await pagination.getByRole('link', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  // The list starts again at the top of the page.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(pagination.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 1, name: 'Electronics' })).toBeVisible();
  const secondPage = await cardLinks(page);
  expect(secondPage.length).toBeGreaterThan(0);
  expect(secondPage.filter((href) => firstPage.includes(href))).toEqual([]);
  const pageTwoUrl = page.url();

  // A guest's heart asks for an account instead of doing nothing.
  await (await firstCardHeart(page)).click();
  await expect(page.getByRole('status').getByText('Sign up or log in to save favourites')).toBeVisible();

  const { title } = await openCard(page, cards(page).first());
  await expect(page).toHaveURL(/\/[A-Z][0-9A-Z]{11}$/);
  await expect(page.getByText(PRICE_PATTERN).first()).toBeVisible();
  const photo = page.locator('.gallery__main img');
  await expect(photo).toHaveAttribute('alt', new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  // A guest's Make Offer (or Buy Now, on a listing that takes no offers) asks them to log in
  // first (offers.spec.ts walks the offer itself).
  await (await hydrated(page.getByRole('button', { name: /^(Make Offer|Buy Now)$/ }).first())).click();
  await expect(dialog(page, 'Log in')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog(page, 'Log in')).toBeHidden();
  const seller = page.getByRole('region', { name: 'Seller' });
  await expect(seller.getByText(/^Member since \d{1,2} \w{3,4} \d{4}$/)).toBeVisible();
  await expect(seller.locator('.seller__name')).not.toBeEmpty();
  const facts = page.getByRole('region', { name: 'Details' });
  await expect(facts.getByText(/^[A-Z][\w .'-]+, [A-Z]{2}$/)).toBeVisible();
  const detailCrumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(detailCrumbs.getByRole('link', { name: 'Electronics' })).toBeVisible();

  // 'Details' goes back in history: to page 2 of the list, not to the category's first page.
  await detailCrumbs.getByRole('button', { name: 'Details' }).click();
  await expect(page).toHaveURL(pageTwoUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Electronics' })).toBeVisible();
  expect(await cardLinks(page)).toEqual(secondPage);
});

test('back from an item, a list is where the person had scrolled to; opened afresh, it starts at the top', async ({
  page,
}) => {
  // Spec section 3, saved scroll positions per page URI, at both widths in one journey.
  for (const width of [NARROW, WIDE]) {
    await page.setViewportSize({ width, height: 800 });
    await openHome(page);
    await page
      .getByRole('region', { name: 'Shop by category' })
      .getByRole('link', { name: /^Electronics / })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Electronics' })).toBeVisible();
    const listUrl = page.url();
    // Well down the list: the twelfth of its 25 cards.
    const card = cards(page).nth(11);
    await card.scrollIntoViewIfNeeded();
    const scrolledTo = await page.evaluate(() => window.scrollY);
    expect(scrolledTo).toBeGreaterThan(400);
    // Kept once the scrolling settles (the spec's layout wait), then the person opens the card.
    const uri = new URL(listUrl).pathname + new URL(listUrl).search;
    await page.waitForFunction(([key, at, top]) => JSON.parse(sessionStorage.getItem(key) ?? '{}')[at] === top, [
      SCROLL_POSITIONS_KEY,
      uri,
      scrolledTo,
    ] as const);
    const { title } = await openCard(page, card);

    await page.goBack();
    await expect(page).toHaveURL(listUrl);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolledTo - 2);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(scrolledTo + 2);
    // The card the person opened is in view again.
    await expect(
      cards(page)
        .filter({ has: page.getByRole('heading', { name: title }) })
        .first(),
    ).toBeInViewport();

    // The same list reached by a link, not by going back, opens at its top.
    await page.goto(listUrl);
    await expect(page.getByRole('heading', { level: 1, name: 'Electronics' })).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  }
});

test('an unknown path answers 404 and shows the not-found page after 2 seconds', async ({ page, pageChecks }) => {
  pageChecks.expectNotFound('/no/such/page');
  const started = Date.now();
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  const message = page.getByRole('heading', { name: NOT_FOUND_TEXT });
  await expect(message).toBeAttached();
  await expect(message).toBeVisible({ timeout: 5_000 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);

  await page.getByRole('link', { name: 'Go to homepage' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('region', { name: 'Shop by category' })).toBeVisible();
});

test('an item that does not exist is an unknown path too', async ({ page, request, pageChecks }) => {
  pageChecks.expectNotFound(`/${UNKNOWN_REFNUM}`);
  for (const path of [`/${UNKNOWN_REFNUM}`, `/itemdetails?refnum=${UNKNOWN_REFNUM}`, '/not-a-refnum']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).toContain(escapeHtml(NOT_FOUND_TEXT));
  }
  const response = await page.goto(`/${UNKNOWN_REFNUM}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: NOT_FOUND_TEXT })).toBeVisible({ timeout: 5_000 });
});

test("an item's first HTML carries its title, price, photo and JSON-LD", async ({ request, baseURL }) => {
  const [listing] = await recentListings(request, 1);
  if (!listing) throw new Error('The demo data has no listings');
  for (const path of [`/${listing.listingRefnum}`, `/itemdetails?refnum=${listing.listingRefnum}`]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    expect(html).toContain(escapeHtml(listing.listingTitle));
    expect(html).toContain(formatCents(listing.listingCurrentPrice));
    expect(html).toContain(`<meta property="og:image" content="${baseURL}/svc/files/`);
    expect(html).toContain(`<meta property="og:url" content="${baseURL}/${listing.listingRefnum}"`);
    expect(html).toMatch(/<img src="\/svc\/files\/[^"]+" alt="[^"]+" width="800" height="600"/);
    expect(html).toContain('<meta property="og:type" content="product"');

    const jsonLd = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)?.[1];
    expect(jsonLd, 'JSON-LD script').toBeTruthy();
    const product = JSON.parse(jsonLd ?? '{}') as { '@type': string; name: string; offers: Record<string, string> };
    expect(product['@type']).toBe('Product');
    expect(product.name).toBe(listing.listingTitle);
    expect(product.offers.price).toBe(centsToDollars(listing.listingCurrentPrice).toFixed(2));
    expect(product.offers.priceCurrency).toBe('USD');
    expect(product.offers.availability).toBe('https://schema.org/InStock');
  }
});

test('pages without dynamic parts ship no script beyond the header island', async ({ request }) => {
  for (const path of ['/categories', '/no/such/page']) {
    const html = await (await request.get(path)).text();
    const islands = html.match(/<astro-island\b[^>]*component-url="([^"]+)"/g) ?? [];
    expect(islands, path).toHaveLength(1);
    expect(islands[0], path).toContain('/Header.');
  }
});

test("an item's gallery shows every photo, and a thumbnail switches the main one", async ({ page, request }) => {
  // A listing with several photos, found through the api.
  let refnum: string | undefined;
  for (const card of await recentListings(request, 20)) {
    const res = await request.post(`/svc/listing/detailListing/v2?listingRefnum=${card.listingRefnum}`);
    const body = (await res.json()) as { data: { listing: { pictures: unknown[] } } };
    if (body.data.listing.pictures.length >= 3) {
      refnum = card.listingRefnum;
      break;
    }
  }
  expect(refnum, 'a demo listing with 3 or more photos').toBeDefined();
  await page.goto(`/${refnum}`);

  const images = page.locator('.gallery img');
  await expect(images.nth(1)).toBeVisible();
  for (const img of await images.all()) {
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  }
  const main = page.locator('.gallery__main img');
  const before = await main.getAttribute('src');
  await page.getByRole('button', { name: /^Show photo 2 of \d$/ }).click();
  await expect(main).not.toHaveAttribute('src', before ?? '');
  await expect(main).toHaveAttribute('alt', /photo 2 of \d$/);
});
