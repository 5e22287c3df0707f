import {
  accountButton,
  CODE_MAIL,
  dialog,
  enterCode,
  headerMenu,
  hydrated,
  logOut,
  openHome,
  readCode,
  wrongCode,
} from './fixtures';
import { expect, type Page, test } from './page-checks';

// Google and LinkedIn are both played by a local OpenID provider (api/test/oidc-stand-in.ts):
// its login page takes any name; `noemail-...` is an account that shares no email.

/** At the stand-in provider's pages: log in as `login`, then consent. */
async function signInAtProvider(page: Page, login: string) {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** The account this browser is signed in to (the stored login data). */
async function signedInRefnum(page: Page): Promise<string> {
  const stored = await page.evaluate(() => localStorage.getItem('yardly.session'));
  const refnum = (JSON.parse(stored ?? '{}') as { userRefnum?: string }).userRefnum;
  expect(refnum).toMatch(/^U/);
  return refnum ?? '';
}

/** From the header: Log in, then the select social dialog, then a provider. */
async function chooseProvider(page: Page, provider: 'Google' | 'LinkedIn') {
  await openHome(page);
  await (await hydrated(headerMenu(page).getByRole('button', { name: 'Log in', exact: true }))).click();
  await dialog(page, 'Log in').getByRole('button', { name: 'Continue with Google or LinkedIn' }).click();
  const select = dialog(page, 'Log in with a social account');
  await expect(select.getByRole('link')).toHaveText(['Log in with Google', 'Log in with LinkedIn']);
  await select.getByRole('link', { name: `Log in with ${provider}` }).click();
}

test('select social, sign in at the provider, come back signed in; next time the same account', async ({ page }) => {
  const email = `sam.${Date.now().toString(36)}@example.com`;
  await chooseProvider(page, 'Google');
  await signInAtProvider(page, email);
  await expect(accountButton(page, 'Sam')).toBeVisible();
  await expect(page).toHaveURL('/');
  const first = await signedInRefnum(page);
  await logOut(page, 'Sam');

  // The provider remembers the person: straight back, into the same account.
  // The redirect page signs in and then moves on home: read the session once there.
  await chooseProvider(page, 'Google');
  await expect(page).toHaveURL('/');
  await expect(accountButton(page, 'Sam')).toBeVisible();
  expect(await signedInRefnum(page)).toBe(first);
});

test('a provider that shares no verified email: the person proves one by code (linkedin verify)', async ({
  page,
  request,
  pageChecks,
}) => {
  pageChecks.allow({
    url: '/svc/users/socialauth/verify-email',
    status: 400,
    message: 'That code is not correct',
    reason: 'the person first types a wrong code',
  });
  const email = `noor.${Date.now().toString(36)}@example.com`;
  await chooseProvider(page, 'LinkedIn');
  await signInAtProvider(page, `noemail-${Date.now()}`);

  const ask = dialog(page, 'Confirm your email');
  await expect(ask).toContainText('LinkedIn did not share a verified email address');
  await ask.getByRole('button', { name: 'Send code' }).click();
  await expect(ask.getByText('Please enter valid email address')).toBeVisible();
  await ask.getByLabel('Email', { exact: true }).fill(email);
  await ask.getByRole('button', { name: 'Send code' }).click();

  const codeDialog = dialog(page, 'Enter the code');
  await expect(codeDialog).toContainText(email);
  const code = await readCode(request, email, CODE_MAIL.socialEmail);
  await enterCode(codeDialog, wrongCode(code), 'Verify');
  await expect(codeDialog.getByText('That code is not correct')).toBeVisible();
  await enterCode(codeDialog, code, 'Verify');

  await expect(accountButton(page, 'Noor')).toBeVisible();
  await expect(page).toHaveURL('/');
});
