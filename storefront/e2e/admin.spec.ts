import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';
import { CODE_MAIL, dialog, enterCode, newPerson, readCode, signUp } from './fixtures';

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

test('someone signed in without an admin role is sent back to the marketplace', async ({ page, request }) => {
  const cleo = newPerson('Cleo');
  await page.goto('/');
  await enterCode(await signUp(page, cleo), await readCode(request, cleo.email, CODE_MAIL.verify), 'Verify');
  await dialog(page, 'Your email is verified').getByRole('button', { name: 'Start exploring' }).click();

  await page.goto('/admin/');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByText('Database: ok')).toHaveCount(0);
});
