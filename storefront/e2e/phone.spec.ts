import {
  accountButton,
  CODE_MAIL,
  dialog,
  enterCode,
  firstCardHeart,
  headerMenu,
  hydrated,
  newPerson,
  openHome,
  readCode,
  signInByApi,
  signUp,
} from './fixtures';
import { expect, test } from './page-checks';

// A phone: the header's menu is folded away and its island hydrates when first touched
// (client:demand), so a page that is only read runs none of its script.
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

test('a phone reads a page without the header script, fits the screen, and the menu works at the first tap', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/faq');
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((path) => path.includes('/Header.'))).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);

  // The tap that wakes the header is the one that opens the menu.
  await page.getByRole('button', { name: 'Open menu' }).tap();
  const logIn = headerMenu(page).getByRole('button', { name: 'Log in', exact: true });
  await expect(logIn).toBeVisible();
  await logIn.tap();
  await expect(dialog(page, 'Log in')).toBeVisible();
});

test('on a phone, what is typed while the header wakes is suggested and searched', async ({ page }) => {
  await page.goto('/terms-and-conditions');
  const box = page.getByRole('combobox', { name: 'Search items' });
  await box.fill('lamp');
  await expect(page.getByRole('option').first()).toBeVisible();
  await box.press('Enter');
  await expect(page).toHaveURL(/\/products\?q=lamp$/);
});

test("on a phone, a guest's heart shows its prompt though the header was never touched", async ({ page }) => {
  await openHome(page);
  const recent = page.getByRole('region', { name: 'Recently listed' });
  await (await firstCardHeart(recent)).tap();
  await expect(page.getByRole('status').getByText('Sign up or log in to save favourites')).toBeVisible();
});

test("on a phone, a guest's tab reloads when another tab signs in", async ({ page, context, request }) => {
  await page.goto('/faq');
  await page.waitForLoadState('networkidle');
  const reloaded = page.waitForEvent('load');

  const other = await context.newPage();
  await other.goto('/terms-and-conditions');
  await other.getByRole('button', { name: 'Open menu' }).tap();
  const bea = newPerson('Bea');
  await enterCode(await signUp(other, bea), await readCode(request, bea.email, CODE_MAIL.verify), 'Verify');

  await reloaded;
  await page.getByRole('button', { name: 'Open menu' }).tap();
  await expect(accountButton(page, 'Bea')).toBeVisible();
});

test('a phone number typed as people write it, "(718) 555-0142", saves and shows as typed', async ({ page }) => {
  await signInByApi(page, newPerson('Phoebe'));
  await page.goto('/settings/account');
  const form = page.getByRole('form', { name: 'Contact and location' });
  const phone = await hydrated(form.getByLabel('Phone number'));
  const save = form.getByRole('button', { name: 'Save changes' });
  await phone.fill('+44 20 7946 0958');
  await form.getByLabel('Alternate email').focus();
  await expect(form.getByText('Please enter a valid 10 digit US phone number')).toBeVisible();
  await expect(save).toBeDisabled();

  await phone.fill('(718) 555-0142');
  await expect(form.getByText('Please enter a valid 10 digit US phone number')).toBeHidden();
  await expect(save).toBeEnabled();
  await save.tap();
  await expect(page.locator('.toast').filter({ hasText: 'Your account details are saved' })).toBeVisible();

  // Kept as its 10 digits by the api, shown again as people read it.
  await page.reload();
  await expect(await hydrated(form.getByLabel('Phone number'))).toHaveValue('(718) 555-0142');
  await expect(form.getByRole('button', { name: 'Save changes' })).toBeDisabled();
});
