import { expect, test } from '@playwright/test';
import { hydrated, openHome } from './fixtures';

test('a visitor sets their location by zip code, and it is remembered', async ({ page }) => {
  await openHome(page);
  const menu = page.getByRole('navigation', { name: 'Marketplace' });
  // A click before the header island hydrates would do nothing.
  await (await hydrated(menu.getByRole('button', { name: /Your location/ }))).click();

  const dialog = page.getByRole('dialog', { name: 'Your location' });
  await expect(dialog).toBeVisible();
  const zip = dialog.getByLabel('Zip code');

  // Letters are not typed; too few digits and an unknown zip are refused with the spec's texts.
  await zip.fill('11a2');
  await expect(zip).toHaveValue('112');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please enter a valid US Zip Code');
  await zip.fill('00000');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Error fetching location details');

  await zip.fill('11215');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').or(page.getByRole('alert'))).toContainText(
    'Your location is Brooklyn, NY 11215, USA',
  );
  await expect(menu.getByRole('button', { name: /Your location/ })).toContainText('11215');

  // Kept in this browser: still there on the next page.
  await page.goto('/categories');
  await expect(
    page.getByRole('navigation', { name: 'Marketplace' }).getByRole('button', { name: /Your location/ }),
  ).toContainText('11215');
});
