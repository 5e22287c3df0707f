import { accountButton, headerMenu, newPerson, signInByApi } from './fixtures';
import { expect, type Page, test } from './page-checks';

// Issue 16: at 1280 px the header's menu wrapped to a second row. Logo, search box and the
// whole menu share one row there, for a guest and for someone signed in with a place chosen.
test.use({ viewport: { width: 1280, height: 800 } });

async function expectOneRow(page: Page): Promise<void> {
  const bar = page.locator('.site-header__bar');
  const rowHeight = await page.evaluate(() =>
    Number.parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--header-height')),
  );
  expect((await bar.boundingBox())?.height).toBe(rowHeight);
  const tops = await headerMenu(page)
    .locator('.main-nav__list > li:visible')
    .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
  expect(new Set(tops).size, `menu entries at ${tops.join(', ')} px`).toBe(1);
}

test('at 1280 px the header is one row, for a guest and for someone signed in with a place', async ({ page }) => {
  await page.goto('/faq');
  await expect(headerMenu(page).getByRole('button', { name: 'Sign up', exact: true })).toBeVisible();
  await expectOneRow(page);

  const person = newPerson('Maximiliana');
  await signInByApi(page, person);
  await page.addInitScript(() =>
    localStorage.setItem(
      'yardly.location',
      JSON.stringify({ zip: '11215', location: '40.66,-73.98', formattedAddress: 'Brooklyn, NY 11215, USA' }),
    ),
  );
  await page.goto('/faq');
  await expect(accountButton(page, person.nameFirst)).toBeVisible();
  await expect(headerMenu(page).getByRole('button', { name: /Your location/ })).toContainText('11215');
  await expectOneRow(page);
});
