import { cards, hydrated, openHome } from './fixtures';
import { expect, type Page, test } from './page-checks';

async function titlesShown(page: Page): Promise<string[]> {
  const results = page.getByRole('main');
  await expect(cards(results).first()).toBeVisible();
  return cards(results).getByRole('heading').allTextContents();
}

test('search near a zip: a typo, a facet, a sort, page 2, and the same results after a reload', async ({ page }) => {
  await openHome(page);
  const menu = page.getByRole('navigation', { name: 'Marketplace' });
  await (await hydrated(menu.getByRole('button', { name: /Your location/ }))).click();
  const dialog = page.getByRole('dialog', { name: 'Your location' });
  await dialog.getByLabel('Zip code').fill('10001');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(menu.getByRole('button', { name: /Your location/ })).toContainText('10001');

  // A typo in the header box still suggests and finds jackets; Enter searches the text.
  const box = await hydrated(page.getByRole('combobox', { name: 'Search items' }));
  await box.fill('jackt');
  const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(suggestions.getByRole('option').first()).toContainText(/jacket/i);
  await box.press('ArrowDown');
  await expect(suggestions.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await box.press('ArrowUp');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/products\?q=jackt$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for "jackt"');
  await expect(page.getByText('Near New York, NY 10001, USA')).toBeVisible();
  const found = await titlesShown(page);
  expect(found.length).toBeGreaterThanOrEqual(3);
  for (const title of found) expect(title.toLowerCase()).toContain('jacket');

  // Narrow by a facet: the chip's count is what the list then holds.
  const filters = page.getByRole('complementary', { name: 'Filters' });
  const used = filters.getByRole('group', { name: 'Condition' }).getByRole('button', { name: /^Used/ });
  const count = Number((await used.locator('.chip__count').textContent()) ?? 0);
  expect(count).toBeGreaterThanOrEqual(2);
  // The results page is a new page load: its filters work once their island has hydrated.
  await (await hydrated(used)).click();
  await expect(used).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/conditions%5B%5D=Used/);
  await expect(page.getByText(`of ${count} items`)).toBeVisible();

  // Sort by price, highest first.
  await page.getByLabel('Sort by').selectOption({ label: 'Price: high to low' });
  await expect(page).toHaveURL(/sortBy=currentPrice&sortOrder=desc/);
  await expect(page.getByText(`of ${count} items`)).toBeVisible();
  const prices = await cards(page.getByRole('main')).locator('.card__price, [data-price]').allTextContents();
  const dollars = prices.map((p) => Number(p.replace(/[^0-9.]/g, '')));
  expect(dollars).toEqual([...dollars].sort((a, b) => b - a));

  // A shared link with one item a page: page 2 shows the second-priciest.
  await page.goto(`${page.url()}&size=1`);
  const first = await titlesShown(page);
  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(`Showing 2–2 of ${count} items`)).toBeVisible();
  const second = await titlesShown(page);
  expect(second).not.toEqual(first);

  await page.reload();
  await expect(page.getByText(`Showing 2–2 of ${count} items`)).toBeVisible();
  expect(await titlesShown(page)).toEqual(second);
  await expect(
    filters.getByRole('group', { name: 'Condition' }).getByRole('button', { name: /^Used/ }),
  ).toHaveAttribute('aria-pressed', 'true');
});

test('sitemap, robots and a canonical item page', async ({ page, request }) => {
  const robots = await request.get('/robots.txt');
  expect(await robots.text()).toMatch(/Sitemap: .*\/sitemap\.xml/);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const item = /<loc>[^<]*\/(L[0-9A-Z]{11})<\/loc>/.exec(sitemap)?.[1];
  expect(item).toBeTruthy();
  await page.goto(`/${item}`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/${item}$`));
});
