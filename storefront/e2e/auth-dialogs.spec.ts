import type { Locator, Page } from '@playwright/test';
import {
  accountButton,
  CODE_MAIL,
  dialog,
  enterCode,
  fillSignUp,
  headerMenu,
  hydrated,
  logOut,
  newPerson,
  openHome,
  readCode,
} from './fixtures';
import { expect, NARROW, test, WIDE } from './page-checks';

// Spec section 4: "Dialogs open and close independently". The sign-in dialogs stack: the next
// step of a flow opens over the one before, closing it (Escape, its close button) leaves the one
// below as it was, with the focus back on what opened it; only the top one is in use.

/** An open sign-in dialog by its name in the stack, in use or not. */
function openDialog(page: Page, name: string): Locator {
  return page.locator(`dialog.auth-dialog[data-dialog="${name}"]`);
}

/** It is the one in use: modal, not inert. */
async function expectOnTop(top: Locator): Promise<void> {
  await expect(top).toHaveAttribute('aria-modal', 'true');
  await expect(top).not.toHaveAttribute('inert', /.*/);
}

/** It is open but below another: inert, not the modal one. */
async function expectBelow(below: Locator): Promise<void> {
  await expect(below).toHaveJSProperty('open', true);
  await expect(below).toHaveAttribute('inert', '');
  await expect(below).not.toHaveAttribute('aria-modal', /.*/);
}

/** A control of a dialog below cannot be pointed at: the dialog on top (its backdrop) takes the click. */
async function expectNoPointerBelow(control: Locator): Promise<void> {
  await expect(
    control.click({ trial: true, timeout: 1_500 }),
    'a control of the dialog below takes no click',
  ).rejects.toThrow();
}

/**
 * Tab goes round the top dialog: never into the one below, nor the page. (Past its last control
 * the browser's own controls take a turn, as for any modal dialog: no element of the page has it.)
 */
async function expectTabStaysIn(page: Page, name: string): Promise<void> {
  const seen = new Set<string>();
  for (let step = 0; step < 10; step += 1) {
    await page.keyboard.press('Tab');
    const where = await page.evaluate(() => {
      const active = document.activeElement;
      if (!active || active === document.body) return 'the browser';
      return active.closest('dialog')?.dataset.dialog ?? `the page (${active.tagName} ${active.textContent?.trim()})`;
    });
    seen.add(where);
    expect(['the browser', name], `Tab ${step + 1}: the focus stays in the ${name} dialog`).toContain(where);
  }
  expect(seen, 'Tab went round the dialog').toContain(name);
}

/** Opens the header's menu on a narrow screen (behind its button); wide, it is always shown. */
async function showMenu(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Open menu' });
  if (await toggle.isVisible()) await (await hydrated(toggle)).click();
}

test('the verify dialog sits over the sign-up and closes alone; forgot password over the log in; a verification closes them all (1280, then 384)', async ({
  page,
  request,
  pageChecks,
}) => {
  pageChecks.allow({
    url: '/svc/users/login',
    status: 403,
    reason:
      'a log-in before the email is verified is refused, with a new code (the verify dialog opens over the log in)',
  });
  const ann = newPerson('Ann');
  await page.setViewportSize({ width: WIDE, height: 800 });
  await openHome(page);

  // Sign up: the verify dialog opens over the sign-up, which stays open below, inert.
  const signUpButton = await hydrated(headerMenu(page).getByRole('button', { name: 'Sign up', exact: true }));
  await signUpButton.click();
  const signup = openDialog(page, 'signup');
  await expectOnTop(signup);
  const verify = await fillSignUp(page, ann);
  await expectOnTop(verify);
  await expectBelow(signup);
  await expectNoPointerBelow(signup.getByRole('button', { name: 'Sign up', exact: true }));
  await expectTabStaysIn(page, 'verify');

  // Escape closes the verify dialog only: the sign-up is back in use as it was left, its button focused.
  await page.keyboard.press('Escape');
  await expect(verify).toBeHidden();
  await expectOnTop(signup);
  await expect(signup.getByLabel('Email', { exact: true })).toHaveValue(ann.email);
  await expect(signup.getByLabel('First name')).toHaveValue(ann.nameFirst);
  await expect(signup.getByRole('button', { name: 'Sign up', exact: true })).toBeFocused();

  // Escape again closes the sign-up: the focus is back on the header's Sign up.
  await page.keyboard.press('Escape');
  await expect(signup).toHaveCount(0);
  await expect(signUpButton).toBeFocused();

  // On a phone: log in, forgot password over it; its close button closes it alone.
  await page.setViewportSize({ width: NARROW, height: 740 });
  await showMenu(page);
  await (await hydrated(headerMenu(page).getByRole('button', { name: 'Log in', exact: true }))).click();
  const login = openDialog(page, 'login');
  await expectOnTop(login);
  await login.getByLabel('Email').fill(ann.email);
  await login.getByRole('button', { name: 'Forgot password?' }).click();
  const forgot = dialog(page, 'Forgot password');
  await expectOnTop(forgot);
  await expect(forgot.getByLabel('Email')).toHaveValue(ann.email);
  await expectBelow(login);
  await forgot.getByRole('button', { name: 'Close' }).click();
  await expect(forgot).toBeHidden();
  await expectOnTop(login);
  await expect(login.getByLabel('Email')).toHaveValue(ann.email);
  // The press on 'Forgot password?' left the caret in the email field (AuthDialogFrame): back there.
  await expect(login.getByLabel('Email')).toBeFocused();

  // The email was never verified: logging in opens the verify dialog over the log in; the
  // right code signs Ann in and the whole stack gives way to 'Your email is verified'.
  await login.getByLabel('Password').fill(ann.password);
  await login.getByRole('button', { name: 'Log in', exact: true }).click();
  await expectOnTop(verify);
  await expectBelow(login);
  await enterCode(verify, await readCode(request, ann.email, CODE_MAIL.verify), 'Verify');
  const verified = dialog(page, 'Your email is verified');
  await expect(verified).toContainText('Welcome, Ann! You are logged in.');
  await expect(page.locator('dialog.auth-dialog')).toHaveCount(1);
  await expectOnTop(verified);
  await verified.getByRole('button', { name: 'Start exploring' }).click();
  await expect(page.locator('dialog.auth-dialog')).toHaveCount(0);
  await showMenu(page);
  await expect(accountButton(page, 'Ann')).toBeVisible();
});

test('a sign-up or a password reset left waiting on its code opens again at start, the sign-up with its signupType (1280, then 384)', async ({
  page,
  request,
}) => {
  const bo = newPerson('Bo');
  await page.setViewportSize({ width: WIDE, height: 800 });
  await openHome(page);

  // An easy sign-up: 'Continue with email' takes the sign-up's place, the verify dialog sits over it.
  await (await hydrated(headerMenu(page).getByRole('button', { name: 'Sign up', exact: true }))).click();
  await dialog(page, 'Sign up').getByRole('button', { name: 'Sign up with just your email' }).click();
  const easy = dialog(page, 'Continue with email');
  await easy.getByLabel('Email').fill(bo.email);
  await easy.getByRole('button', { name: 'Continue' }).click();
  const verify = dialog(page, 'Verify your email');
  await expect(verify).toContainText(bo.email);
  await expectBelow(openDialog(page, 'easySignup'));
  await expect(openDialog(page, 'signup')).toHaveCount(0);

  // The page is reloaded before the code is entered: the verify dialog opens again, alone.
  await page.reload();
  await expect(verify).toContainText(bo.email);
  await expect(page.locator('dialog.auth-dialog')).toHaveCount(1);
  await enterCode(verify, await readCode(request, bo.email, CODE_MAIL.verify), 'Verify');
  // The signup state's signupType (easy) says what follows: complete the account.
  const verified = dialog(page, 'Your email is verified');
  await expect(verified.getByRole('button', { name: 'Complete account' })).toBeVisible();
  await verified.getByRole('button', { name: 'Later' }).click();
  await expect(verified).toBeHidden();
  expect(
    await page.evaluate(() => localStorage.getItem('yardly.signup')),
    'the sign-up is no longer pending',
  ).toBeNull();
  await logOut(page);

  // On a phone: forgot password, the code sent; a reload opens the reset dialog again, which sets the password.
  await page.setViewportSize({ width: NARROW, height: 740 });
  await showMenu(page);
  await (await hydrated(headerMenu(page).getByRole('button', { name: 'Log in', exact: true }))).click();
  const login = dialog(page, 'Log in');
  await login.getByLabel('Email').fill(bo.email);
  await login.getByRole('button', { name: 'Forgot password?' }).click();
  await dialog(page, 'Forgot password').getByRole('button', { name: 'Send code' }).click();
  const reset = dialog(page, 'Reset password');
  await expect(reset).toContainText(bo.email);
  await page.reload();
  await expect(reset).toContainText(bo.email);
  await expect(page.locator('dialog.auth-dialog')).toHaveCount(1);
  await reset.getByLabel('New password').fill('Fresh#Pass99');
  await enterCode(reset, await readCode(request, bo.email, CODE_MAIL.resetPassword), 'Set password');
  await expect(login).toContainText('Your new password is set: log in with it.');
  await expect(login.getByLabel('Email')).toHaveValue(bo.email);
  expect(
    await page.evaluate(() => localStorage.getItem('yardly.pendingPasswordReset')),
    'the reset is over',
  ).toBeNull();
  await login.getByLabel('Password').fill('Fresh#Pass99');
  await login.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(login).toBeHidden();
  await showMenu(page);
  await expect(accountButton(page)).toBeVisible();
});
