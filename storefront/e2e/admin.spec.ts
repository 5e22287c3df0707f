import { E2E_ADMIN } from '../playwright.config';
import { accountButton, dialog, newPerson, signInByApi } from './fixtures';
import { expect, test } from './page-checks';

test('a guest opening the console logs in as the admin and comes back to its dashboard', async ({ page }) => {
  await page.goto('/admin/');
  // The console has no login page of its own: the storefront's log-in dialog opens, then returns.
  const login = dialog(page, 'Log in');
  await expect(login).toBeVisible();
  await expect(page).not.toHaveURL(/next=/);
  await login.getByLabel('Email').fill(E2E_ADMIN.email);
  await login.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await login.getByRole('button', { name: 'Log in', exact: true }).click();

  await expect(page).toHaveURL(/\/admin\//);
  await expect(page.getByText('Database: ok')).toBeVisible();
  await expect(page.getByText(/\d+ top-level categories/)).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Electronics', exact: true })).toBeVisible();
});

test('someone signed in without an admin role is sent back to the marketplace', async ({ page }) => {
  const cleo = newPerson('Cleo');
  await signInByApi(page, cleo);
  await page.goto('/');
  await expect(accountButton(page, 'Cleo')).toBeVisible();

  await page.goto('/admin/');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByText('Database: ok')).toHaveCount(0);
});
