import {
  accountButton,
  CODE_MAIL,
  dialog,
  enterCode,
  firstCardHeart,
  headerMenu,
  logIn,
  logOut,
  newPerson,
  openHome,
  readCode,
  signUp,
  wrongCode,
} from './fixtures';
import { expect, test } from './page-checks';

// The server runs with ACCESS_TOKEN_TTL=3 (playwright.config.ts): waiting this long outlives a token.
const PAST_TOKEN_LIFETIME_MS = 4_000;

test('sign up, verify, log out, log in with an emailed code, work on past an expired token, log out', async ({
  page,
  request,
}) => {
  const ann = newPerson('Ann');
  await openHome(page);

  const verify = await signUp(page, ann);
  await enterCode(verify, await readCode(request, ann.email, CODE_MAIL.verify), 'Verify');
  const verified = dialog(page, 'Your email is verified');
  await expect(verified).toContainText('Welcome, Ann! You are logged in.');
  await verified.getByRole('button', { name: 'Start exploring' }).click();
  await expect(verified).toBeHidden();
  await expect(accountButton(page, 'Ann')).toBeVisible();

  // The login is kept in this browser: another page still knows Ann.
  await page.goto('/categories');
  await expect(accountButton(page, 'Ann')).toBeVisible();
  await logOut(page, 'Ann');

  // Log in without a password: a code by email.
  await headerMenu(page).getByRole('button', { name: 'Log in', exact: true }).click();
  await dialog(page, 'Log in').getByRole('button', { name: 'Log in without password' }).click();
  const byCode = dialog(page, 'Log in without password');
  await byCode.getByLabel('Email').fill(ann.email);
  await byCode.getByRole('button', { name: 'Send code' }).click();
  await expect(byCode).toContainText('If that email has an account, we sent it a 6-digit code');
  await enterCode(byCode, await readCode(request, ann.email, CODE_MAIL.login), 'Log in');
  await expect(byCode).toBeHidden();
  await expect(accountButton(page, 'Ann')).toBeVisible();

  // The access token dies; the next call refreshes it behind the scenes and goes through.
  await page.waitForTimeout(PAST_TOKEN_LIFETIME_MS);
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/svc/users/refreshToken') && r.ok());
  await accountButton(page, 'Ann').click();
  await headerMenu(page).getByRole('button', { name: 'Change password' }).click();
  const change = dialog(page, 'Change password');
  await change.getByLabel('Current password').fill(ann.password);
  await change.getByLabel('New password').fill('Fresh#Pass99');
  await change.getByRole('button', { name: 'Change password' }).click();
  await refreshed;
  await expect(change).toBeHidden();
  await expect(page.getByRole('status').getByText('Your password is changed.')).toBeVisible();
  await expect(accountButton(page, 'Ann')).toBeVisible();

  // Still signed in after a reload, with the tokens the change handed out.
  await page.reload();
  await expect(accountButton(page, 'Ann')).toBeVisible();
  await logOut(page, 'Ann');

  // The new password works.
  await logIn(page, { ...ann, password: 'Fresh#Pass99' });
  await logOut(page, 'Ann');
});

test("a wrong code is refused with 'That code is not correct'; the rules speak once a field is touched", async ({
  page,
  request,
  pageChecks,
}) => {
  pageChecks.allow({
    url: '/svc/users/verify-email',
    status: 400,
    message: 'That code is not correct',
    reason: 'the journey types a wrong code',
  });
  const bea = newPerson('Bea');
  await openHome(page);

  // The sign-up form checks with the contract's rules, field by field once touched.
  await headerMenu(page).getByRole('button', { name: 'Sign up', exact: true }).click();
  const form = dialog(page, 'Sign up');
  const firstName = form.getByLabel('First name');
  await firstName.focus();
  await form.getByLabel('Last name').focus();
  await expect(form.getByText('Please enter a valid First name')).toBeVisible();
  await expect(form.getByText('Please enter a valid Last name')).toBeHidden();
  await firstName.fill('Bea2');
  await expect(firstName).toHaveValue('Bea');
  await form.getByLabel('Password', { exact: true }).fill('weak');
  await form.getByLabel('Email', { exact: true }).focus();
  await expect(form.getByText('Password must be 8 to 32 characters')).toBeVisible();
  await form.getByRole('button', { name: 'Close' }).click();
  await expect(form).toBeHidden();

  const verify = await signUp(page, bea);
  const code = await readCode(request, bea.email, CODE_MAIL.verify);
  await enterCode(verify, wrongCode(code), 'Verify');
  await expect(verify.getByText('That code is not correct')).toBeVisible();
  await expect(verify.getByLabel('6-digit code')).toHaveAttribute('aria-invalid', 'true');
  await expect(accountButton(page, 'Bea')).toBeHidden();

  // A new code replaces the old one.
  await verify.getByRole('button', { name: 'Resend code' }).click();
  await expect(verify).toContainText(`We sent a new code to ${bea.email}.`);
  await enterCode(verify, await readCode(request, bea.email, CODE_MAIL.verify, code), 'Verify');
  await dialog(page, 'Your email is verified').getByRole('button', { name: 'Start exploring' }).click();
  await expect(accountButton(page, 'Bea')).toBeVisible();
  await logOut(page, 'Bea');

  // The email is taken now: sign-up says so and offers to log in with it.
  await headerMenu(page).getByRole('button', { name: 'Sign up', exact: true }).click();
  const again = dialog(page, 'Sign up');
  await again.getByLabel('First name').fill('Bea');
  await again.getByLabel('Last name').fill('Other');
  await again.getByLabel('Email', { exact: true }).fill(bea.email);
  await again.getByLabel('Password', { exact: true }).fill(bea.password);
  await again.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(again.getByText('An account with this email already exists; log in instead')).toBeVisible();
  await again.getByRole('button', { name: 'Log in', exact: true }).first().click();
  await expect(dialog(page, 'Log in').getByLabel('Email')).toHaveValue(bea.email);
  await page.keyboard.press('Escape');
  await expect(dialog(page, 'Log in')).toBeHidden();
});

test('easy sign-up: an email, a code, a limited account, completed on /complete-now', async ({ page, request }) => {
  // Nobody signed in: /complete-now is public (spec section 2) and asks to log in first.
  await page.goto('/complete-now');
  await expect(page).toHaveURL(/\/complete-now$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Complete your account' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('button', { name: 'Log in' })).toBeVisible();

  const cal = newPerson('Cal');
  await page.goto('/easy-signup');
  const start = dialog(page, 'Continue with email');
  await start.getByLabel('Email').fill(cal.email);
  await start.getByRole('button', { name: 'Continue' }).click();
  const verify = dialog(page, 'Verify your email');
  await enterCode(verify, await readCode(request, cal.email, CODE_MAIL.verify), 'Verify');
  await dialog(page, 'Your email is verified').getByRole('button', { name: 'Later' }).click();
  await expect(accountButton(page)).toBeVisible();

  await page.goto('/complete-now');
  const complete = dialog(page, 'Complete your account');
  await complete.getByLabel('First name').fill(cal.nameFirst);
  await complete.getByLabel('Last name').fill(cal.nameLast);
  await complete.getByLabel('Password').fill(cal.password);
  await complete.getByRole('button', { name: 'Complete account' }).click();
  await expect(complete).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Your account is complete' })).toBeVisible();
  await expect(accountButton(page, 'Cal')).toBeVisible();

  // A complete account has nothing to do on /complete-now.
  await page.goto('/complete-now');
  await expect(page).toHaveURL(/\/$/);
  await logOut(page, 'Cal');
});

test("a guest's prompts lead to the login dialog; /?q=login and /?q=signup open those dialogs", async ({ page }) => {
  // The heart asks a guest to sign up or log in; the prompt's 'Log in' opens the dialog with it.
  await openHome(page);
  await (await firstCardHeart(page)).click();
  const prompt = page.getByRole('status').filter({ hasText: 'Sign up or log in to save favourites' });
  await prompt.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog(page, 'Log in')).toContainText('Sign up or log in to save favourites');
  await dialog(page, 'Log in').getByRole('button', { name: 'Close' }).click();
  await expect(dialog(page, 'Log in')).toBeHidden();

  // A menu entry that needs an account asks for a log-in instead of leaving the page.
  await headerMenu(page).getByRole('link', { name: 'My Rewards' }).click();
  await expect(dialog(page, 'Log in')).toContainText('Sign up or log in to continue');
  await expect(page).toHaveURL(/\/$/);
  await page.keyboard.press('Escape');

  await page.goto('/?q=signup');
  await expect(dialog(page, 'Sign up')).toBeVisible();
  await expect(page).not.toHaveURL(/q=signup/);
  await page.keyboard.press('Escape');
  await expect(dialog(page, 'Sign up')).toBeHidden();

  await page.goto('/?q=login');
  await expect(dialog(page, 'Log in')).toBeVisible();
});

test('the social sign-in redirect page explains a failure and offers to try again', async ({ page, pageChecks }) => {
  pageChecks.allow({
    url: '/svc/users/socialauth',
    status: 400,
    message: /^This sign-in link has expired or was already used/,
    reason: 'the journey follows a made-up sign-in ticket',
  });
  await page.goto('/oauth2/redirect?error=access_denied&errorMessage=The%20sign-in%20was%20cancelled');
  const alert = page.getByRole('alert').filter({ hasText: 'We could not sign you in' });
  await expect(alert).toContainText('The sign-in was cancelled');
  await expect(alert.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/?q=login');

  await page.goto('/oauth2/redirect/signup?token=not-a-real-ticket');
  await expect(page.getByRole('alert').filter({ hasText: 'We could not sign you in' })).toContainText(
    'This sign-in link has expired or was already used; please sign in again',
  );
});

test('a work email at a verified company earns the badge; an unknown company is put in review', async ({
  page,
  request,
}) => {
  const bea = newPerson('Bea');
  await openHome(page);
  await enterCode(await signUp(page, bea), await readCode(request, bea.email, CODE_MAIL.verify), 'Verify');
  await dialog(page, 'Your email is verified').getByRole('button', { name: 'Start exploring' }).click();

  // An unknown domain: the organisation is created IN_REVIEW and the person is told so.
  await accountButton(page, 'Bea').click();
  await headerMenu(page).getByRole('button', { name: 'Verify work email' }).click();
  const unknownWork = `bea.${Date.now()}@fresh-company.io`;
  const ask = dialog(page, 'Verify your work email');
  await ask.getByLabel('Work email').fill(unknownWork);
  await ask.getByRole('button', { name: 'Send code' }).click();
  await enterCode(dialog(page, 'Enter the code'), await readCode(request, unknownWork, CODE_MAIL.workEmail), 'Verify');
  await expect(page.getByRole('status')).toContainText(
    "We currently don't have your company in our directory. Our representative is actively working on adding the company to our directory in the next 48 hours. Until then your account has limited access.",
  );
  await expect(page.getByRole('img', { name: 'Verified by Yardly' })).toHaveCount(0);

  // A domain of a VERIFIED organisation (demo data): a verified professional, with the badge.
  await accountButton(page, 'Bea').click();
  await headerMenu(page).getByRole('button', { name: 'Verify work email' }).click();
  const work = `bea.${Date.now()}@riversidehealth.org`;
  await dialog(page, 'Verify your work email').getByLabel('Work email').fill(work);
  await dialog(page, 'Verify your work email').getByRole('button', { name: 'Send code' }).click();
  await enterCode(dialog(page, 'Enter the code'), await readCode(request, work, CODE_MAIL.workEmail), 'Verify');
  await expect(page.getByRole('status')).toContainText(
    'you are a verified professional at Riverside Community Hospital',
  );
  await expect(headerMenu(page).getByRole('img', { name: 'Verified by Yardly' })).toBeVisible();
});
