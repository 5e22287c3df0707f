import type { CategoryNode, PriceGuidance } from '@yardly/shared/contract';
import { priceGuidanceText } from '@yardly/shared/rules';
import { cards, hydrated, newPerson, signInByApi } from './fixtures';
import { listItem, localSale, personIn } from './journeys';
import { expect, test, WIDE } from './page-checks';

// Issue 37, items 4 and 5: similar items and more from the seller under an item's page, and what
// similar items sold for on the sell form. The page checks look at every step at 1280 and 384 px.

test('an item page shows similar items and more from its seller; the sell form tells what similar items sold for near the zip', async ({
  page,
  request,
  browser,
}) => {
  const seller = newPerson('Sid');
  await signInByApi(page, seller);
  const neighbour = await personIn(browser, { width: WIDE, height: 800 }, 'Noa');

  // Similar items: another seller's alike listing near by; more from this seller: their other one.
  const stamp = Date.now().toString(36);
  const title = `Oak desk ${stamp}`;
  const alikeTitle = `Oak desk ${stamp} drawer`;
  const otherTitle = `Pine rack ${stamp}`;
  const item = await listItem(request, seller, title, 9000);
  await listItem(request, seller, otherTitle, 2000);
  await listItem(request, neighbour.person, alikeTitle, 8000);

  await page.goto(`/${item}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await hydrated(page.locator('.beside-rails'));
  const similar = page.getByRole('region', { name: 'Similar items' });
  const alike = cards(similar).filter({ hasText: alikeTitle });
  await expect(alike).toHaveCount(1);
  await expect(cards(similar).filter({ hasText: otherTitle })).toHaveCount(0);
  const more = page.getByRole('region', { name: 'More from this seller' });
  await expect(cards(more).filter({ hasText: otherTitle })).toHaveCount(1);
  await expect(cards(more).filter({ hasText: alikeTitle })).toHaveCount(0);
  await alike.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: alikeTitle })).toBeVisible();

  // Five completed local sales of used items in 10001, in the subcategory `listItem` lists in.
  for (const price of [3000, 3500, 4000, 4500, 6000]) await localSale(request, seller, neighbour.person, price);
  await neighbour.page.context().close();
  const tree = ((await (await request.get('/svc/categories/all')).json()) as { data: CategoryNode[] }).data;
  const top = tree.find((c) => !c.restrictedElectronics);
  const sub = top?.subCategories.find((s) => !s.restrictedElectronics);
  if (!top || !sub) throw new Error('the seeded taxonomy has an ordinary subcategory');
  // What the api knows of sales there (other journeys may have sold there too): at least these five.
  const asked = await request.get(
    `/svc/listing/price-guidance?categoryRefnum=${sub.categoryRefnum}&condition=used&zip=10001`,
  );
  const guidance = ((await asked.json()) as { data: PriceGuidance | null }).data;
  expect(guidance?.sales).toBeGreaterThanOrEqual(5);

  await page.goto('/creatinglist');
  await expect(page.getByRole('heading', { level: 1, name: 'Sell an item' })).toBeVisible();
  await page.getByLabel('Category', { exact: true }).selectOption({ label: top.categoryTitle });
  await page.getByLabel('Subcategory').selectOption({ label: sub.categoryTitle });
  await page.getByLabel('Condition').selectOption({ label: 'Used' });
  const hint = page.getByRole('status').filter({ hasText: 'Similar items sold for' });
  // Not before the zip is whole.
  await page.getByLabel('Zip code').fill('1000');
  await expect(hint).toHaveCount(0);
  await page.getByLabel('Zip code').fill('10001');
  await expect(hint).toHaveText(priceGuidanceText(guidance?.lowCents ?? 0, guidance?.highCents ?? 0));
});
