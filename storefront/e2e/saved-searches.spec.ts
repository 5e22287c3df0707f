import { chooseZip, hydrated, newPerson, openHome, signInByApi } from './fixtures';
import { listItem } from './journeys';
import { expect, test } from './page-checks';

// Issue 37: a buyer saves "bike near 10001" from the results; a seller about 4 miles away
// (Brooklyn, 11201) lists a bike; the buyer sees the notice arrive on /notifications without a
// reload and opens the bike; the dashboard's "Saved searches" tab lists the search and deletes it.
// The page checks (fit at 1280 and 384 px, links, console, axe) watch every step.

test('a saved search tells the buyer of a bike listed nearby, live, and the bike opens', async ({ page, browser }) => {
  const buyer = newPerson('Sami');
  await signInByApi(page, buyer);
  await openHome(page);
  await chooseZip(page, '10001');

  await page.goto('/products?q=bike');
  await (await hydrated(page.getByRole('button', { name: 'Save this search' }))).click();
  const name = page.getByLabel('Name this search');
  await expect(name).toHaveValue('bike near 10001');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Search saved. We will tell you when something new matches it.')).toBeVisible();

  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const sellerPage = await (await browser.newContext()).newPage();
  const seller = newPerson('Lena');
  await signInByApi(sellerPage, seller);
  const bike = await listItem(sellerPage.request, seller, 'Blue city bike', 12000, { zip: '11201' });

  // Told within a minute, on the open page.
  const notice = page.getByRole('link', { name: 'New near you: Blue city bike, $120.00' });
  await expect(notice).toBeVisible({ timeout: 60_000 });
  await expect(notice).toHaveAttribute('href', `/${bike}`);
  await notice.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Blue city bike' })).toBeVisible();

  await page.goto('/myquest/saved-searches');
  const saved = page.getByRole('link', { name: 'bike near 10001' });
  await expect(saved).toBeVisible();
  await expect(saved).toHaveAttribute('href', /^\/products\?q=bike/);
  await page.getByRole('button', { name: 'Delete the saved search bike near 10001' }).click();
  await expect(page.getByText('No saved searches yet')).toBeVisible();
  await sellerPage.context().close();
});
