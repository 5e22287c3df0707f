import { cards, chooseZip, hydrated, openHome } from './fixtures';
import { expectPageFits, listItem, personIn } from './journeys';
import { expect, type Page, test } from './page-checks';

// Issue 33: a kettle listed with shipping in Seattle (98101) is found from New York (10001)
// once "Ships to you" is chosen, and its page says what shipping costs and how far it is.
const WIDE = { width: 1280, height: 900 };
const NARROW = { width: 384, height: 800 };
const SHOTS = process.env.E2E_SHOTS_DIR;

/** Fits at 1280 and at 384 px (no sideways scroll, axe clean), with a screenshot of each when asked. */
async function fitsBothWidths(page: Page, what: string, shot: string) {
  for (const viewport of [WIDE, NARROW]) {
    await page.setViewportSize(viewport);
    // What runs off the side, named when something does (a failure then says where to look).
    const wide = await page.evaluate((width) => {
      const over = [...document.querySelectorAll('body *')].filter(
        (el) => el.getBoundingClientRect().right > width + 1,
      );
      return over.slice(-5).map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
    }, viewport.width);
    if (wide.length) console.log(`${what} at ${viewport.width} px, wider than the page:`, wide);
    await expectPageFits(page, `${what} at ${viewport.width} px`);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${shot}-${viewport.width}.png`, fullPage: true });
  }
  await page.setViewportSize(WIDE);
}

test('"Ships to you" finds a Seattle kettle from 10001, and its page shows the shipping price and distance', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const seller = await personIn(browser, WIDE, 'Seatt');
  const stamp = Date.now().toString(36);
  const title = `Electric kettle ${stamp}`;
  // 8 lbs: the '3 to 10 lbs' class, $12.99 to ship.
  const refnum = await listItem(page.request, seller.person, title, 3500, {
    shippable: true,
    meetToDeliver: false,
    buyNow: true,
    zip: '98101',
  });
  await seller.page.context().close();

  await page.setViewportSize(WIDE);
  await openHome(page);
  await chooseZip(page, '10001');

  // Near 10001 only: 2,400 miles is out of reach.
  await page.goto(`/products?q=${encodeURIComponent(`kettle ${stamp}`)}`);
  const filters = page.getByRole('complementary', { name: 'Filters' });
  const shipsToYou = await hydrated(filters.getByRole('checkbox', { name: 'Ships to you' }));
  await expect(page.getByText('Near New York, NY')).toBeVisible();
  await expect(cards(page).filter({ hasText: title })).toHaveCount(0);

  await shipsToYou.check();
  await expect(page).toHaveURL(/[?&]nationwide=true/);
  const card = cards(page).filter({ hasText: title });
  await expect(card).toHaveCount(1);
  await fitsBothWidths(page, 'the results with Ships to you', 'nationwide-results');

  // Kept in the URL: the same address again is still nationwide.
  await page.reload();
  await expect(await hydrated(filters.getByRole('checkbox', { name: 'Ships to you' }))).toBeChecked();
  await card.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/${refnum}$`));

  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId('item-shipping')).toHaveText('Shipping $12.99');
  await expect(page.getByTestId('item-distance')).toHaveText(/^2,[34]\d\d miles away$/);
  // The heart is there; a Buy Now listing takes no offers.
  await expect(page.getByRole('button', { name: `Save ${title} to favourites` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy Now' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Make Offer' })).toHaveCount(0);
  await fitsBothWidths(page, 'the item page', 'nationwide-item');

  // On a phone the title, price and actions come before the photos and the description.
  await page.setViewportSize(NARROW);
  const top = async (selector: string) => (await page.locator(selector).first().boundingBox())?.y ?? -1;
  const title384 = await top('#item-title');
  expect(title384).toBeGreaterThan(0);
  expect(await top('.item__price')).toBeLessThan(await top('.gallery__main'));
  expect(await top('.item__buy')).toBeLessThan(await top('#description-title'));
  expect(title384).toBeLessThan(await top('#description-title'));
});
