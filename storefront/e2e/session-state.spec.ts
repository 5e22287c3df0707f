import type { OrganizationRecord } from '@yardly/shared/contract';
import { authMessages, organisationStatusMessages } from '@yardly/shared/rules';
import {
  accountButton,
  CODE_MAIL,
  demoPhotos,
  dialog,
  enterCode,
  headerMenu,
  hydrated,
  newPerson,
  openHome,
  type Person,
  readCode,
  recentListings,
  sendSignUp,
  signInByApi,
} from './fixtures';
import { asAdmin } from './journeys';
import { type APIRequestContext, expect, NARROW, type Page, test, WIDE } from './page-checks';

// Issue 36, the session state of spec section 3 as a person meets it: the session's recents, the
// photo upload state's picCount, the signup state's errorCode and the work-email update flag;
// with them a REJECTED company's "not allowed" on the heart and a password set from Settings.
// Each runs at 1280 px, then at 384 px, with the page checks looking at every step.

/** Opens the header's menu on a narrow screen (behind its button); wide, it is always shown. */
async function showMenu(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Open menu' });
  if (await toggle.isVisible()) await (await hydrated(toggle)).click();
}

/** Someone with an account already: signed up and verified through the api, not signed in here. */
async function existingAccount(request: APIRequestContext, person: Person): Promise<void> {
  const signup = await request.post('/svc/users/signup', { data: person });
  expect(signup.ok(), await signup.text()).toBe(true);
  const code = await readCode(request, person.email, CODE_MAIL.verify);
  const { signupTicket } = ((await signup.json()) as { data: { signupTicket: string } }).data;
  const verified = await request.post('/svc/users/verify-email', {
    data: { email: person.email, code, signupTicket },
  });
  expect(verified.ok(), await verified.text()).toBe(true);
}

/** The product list searched for these words. */
async function expectSearched(page: Page, words: string): Promise<void> {
  await expect
    .poll(() => {
      const url = new URL(page.url());
      return `${url.pathname} ${url.searchParams.get('q')}`;
    })
    .toBe(`/products ${words}`);
}

test('the header’s search box offers the session’s recent searches when focused empty (1280, then 384)', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const first = `kettle ${stamp}`;
  const second = `walnut table ${stamp}`;
  const box = page.getByRole('combobox', { name: 'Search items' });
  const recents = page.getByRole('listbox', { name: 'Recent searches' });

  await page.setViewportSize({ width: WIDE, height: 800 });
  await openHome(page);
  // Nothing searched yet in this session: the empty box offers nothing.
  await (await hydrated(box)).click();
  await expect(recents).toBeHidden();

  // Two searches typed and sent.
  await box.fill(first);
  await box.press('Enter');
  await expectSearched(page, first);
  await expect(box).toHaveValue(first);
  await (await hydrated(box)).fill(second);
  await box.press('Enter');
  await expectSearched(page, second);

  // Back home, the empty box offers them, the newest first; choosing one searches it again.
  await openHome(page);
  await (await hydrated(box)).click();
  await expect(recents).toBeVisible();
  await expect(recents.getByRole('option')).toHaveText([`${second} recent search`, `${first} recent search`]);
  await recents.getByRole('option', { name: first }).click();
  await expectSearched(page, first);

  // On a phone, the same recents, the one searched again now first.
  await page.setViewportSize({ width: NARROW, height: 740 });
  await openHome(page);
  await showMenu(page);
  await (await hydrated(box)).click();
  await expect(recents.getByRole('option')).toHaveText([`${first} recent search`, `${second} recent search`]);
  // Arrow keys and Enter choose one as well.
  await box.press('ArrowDown');
  await box.press('ArrowDown');
  await box.press('Enter');
  await expectSearched(page, second);
});

test('the sell form counts its photos, “Photos (n of 4)”, and saves only once an upload is over (1280, then 384)', async ({
  page,
  request,
}) => {
  await signInByApi(page, newPerson('Pia'));
  const [first, second] = await demoPhotos(request);
  if (!first || !second) throw new Error('two demo photos');

  // The photo uploads answer only when the test lets them, one by one.
  const held: (() => void)[] = [];
  await page.route('**/svc/listings/picture?*', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    await new Promise<void>((resolve) => held.push(resolve));
    await route.continue();
  });

  for (const [width, photo, count] of [
    [WIDE, first, 1],
    [NARROW, second, 2],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    const photos = page.getByRole('group', { name: /^Photos \(/ });
    const draft = page.getByRole('button', { name: 'Save as draft' });
    const publish = page.getByRole('button', { name: 'Publish listing' });
    if (count === 1) {
      await page.goto('/creatinglist');
      await expect(page.getByRole('heading', { level: 1, name: 'Sell an item' })).toBeVisible();
      await expect(photos).toHaveAccessibleName('Photos (0 of 4)');
    }
    await expect(draft).toBeEnabled();

    // While the photo uploads, saving waits and says why.
    await page.getByLabel(`Add photo ${count}`).setInputFiles(photo);
    await expect(page.getByRole('progressbar', { name: `Uploading photo ${count}` })).toBeVisible();
    await expect(page.getByText('Wait for 1 photo to finish uploading')).toBeVisible();
    await expect(draft).toBeDisabled();
    await expect(publish).toBeDisabled();
    await expect(photos).toHaveAccessibleName(`Photos (${count - 1} of 4)`);

    // Uploaded: counted, and the form may be saved again.
    await expect.poll(() => held.length, 'the upload reached the api').toBe(1);
    held.shift()?.();
    await expect(page.getByRole('img', { name: `Item, view ${count}` })).toBeVisible();
    await expect(photos).toHaveAccessibleName(`Photos (${count} of 4)`);
    await expect(page.getByText('Wait for 1 photo to finish uploading')).toHaveCount(0);
    await expect(draft).toBeEnabled();
  }

  // A photo removed is counted out.
  await page.getByRole('button', { name: 'Remove photo 1' }).click();
  await expect(page.getByRole('group', { name: /^Photos \(/ })).toHaveAccessibleName('Photos (1 of 4)');
});

test('a sign-up refused because the email has an account offers “Log in” with that email (1280, then 384)', async ({
  page,
  request,
  pageChecks,
}) => {
  pageChecks.allow({
    url: '/svc/users/signup',
    status: 409,
    message: authMessages.emailTaken,
    reason: 'signing up again with an email that has an account',
  });
  const taken = newPerson('Tess');
  await existingAccount(request, taken);

  for (const width of [WIDE, NARROW]) {
    await page.setViewportSize({ width, height: 800 });
    await openHome(page);
    await showMenu(page);
    await (await hydrated(headerMenu(page).getByRole('button', { name: 'Sign up', exact: true }))).click();
    const form = await sendSignUp(page, taken);

    // The 409 is the signup state's errorCode: the email's error offers to log in with it.
    const refusal = form.getByRole('alert').filter({ hasText: authMessages.emailTaken });
    await expect(refusal).toBeVisible();
    const logInWithIt = refusal.getByRole('button', { name: 'Log in', exact: true });
    await expect(logInWithIt).toBeVisible();

    if (width === WIDE) {
      // Another email typed: the refusal was not about it, so no way to log in with it.
      await form.getByLabel('Email', { exact: true }).fill(`other.${taken.email}`);
      await expect(logInWithIt).toHaveCount(0);
      await form.getByLabel('Email', { exact: true }).fill(taken.email);
      await form.getByRole('button', { name: 'Sign up', exact: true }).click();
      await expect(logInWithIt).toBeVisible();
      await logInWithIt.click();
      const login = dialog(page, 'Log in');
      await expect(login).toContainText(authMessages.emailTaken);
      await expect(login.getByLabel('Email')).toHaveValue(taken.email);
      // Closing the log in leaves nothing behind: the sign-up made way for it.
      await page.keyboard.press('Escape');
      await expect(login).toBeHidden();
      await expect(form).toBeHidden();
      continue;
    }

    // On a phone: log in with it, the email already there.
    await logInWithIt.click();
    const login = dialog(page, 'Log in');
    await expect(login.getByLabel('Email')).toHaveValue(taken.email);
    await login.getByLabel('Password').fill(taken.password);
    await login.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(login).toBeHidden();
    await showMenu(page);
    await expect(accountButton(page, taken.nameFirst)).toBeVisible();
  }
});

test('a work email waiting on its code opens its dialog again at start; a REJECTED company’s member is told why a heart is refused (1280, then 384)', async ({
  page,
  request,
  pageChecks,
}) => {
  const [listing] = await recentListings(request, 1);
  if (!listing) throw new Error('the demo data has no listing');
  const stamp = Date.now().toString(36);
  const domain = `quill-${stamp}.com`;
  const workEmail = `wendy@${domain}`;
  await signInByApi(page, newPerson('Wendy'));

  await page.setViewportSize({ width: WIDE, height: 800 });
  await page.goto('/settings/account');
  const signIn = page.getByRole('region', { name: 'Sign-in' });
  await (await hydrated(signIn.getByRole('button', { name: 'Verify work email' }))).click();
  const ask = dialog(page, 'Verify your work email');
  await ask.getByLabel('Work email').fill(workEmail);
  await ask.getByRole('button', { name: 'Send code' }).click();
  const codeDialog = dialog(page, 'Enter the code');
  await expect(codeDialog).toContainText(workEmail);

  // The page is left before the code is entered: the session's work-email update flag opens the dialog again.
  await page.reload();
  await expect(codeDialog).toContainText(workEmail);
  await expect(page.locator('dialog.auth-dialog')).toHaveCount(1);
  await enterCode(codeDialog, await readCode(request, workEmail, CODE_MAIL.workEmail), 'Verify');
  await expect(codeDialog).toBeHidden();
  // A company Yardly does not know yet: IN_REVIEW, whose limited access says so.
  await expect(page.getByRole('status').getByText(organisationStatusMessages.IN_REVIEW).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('yardly.workEmailUpdate')), 'the update is over').toBeNull();

  // The admin rejects the company: "not allowed" (spec section 4), a heart is refused with its message.
  const filter = encodeURIComponent(JSON.stringify({ q: `Quill ${stamp}` }));
  const [company] = await asAdmin<OrganizationRecord[]>(request, 'GET', `/svc/admin/organizations?filter=${filter}`);
  if (!company) throw new Error(`no organisation made for ${domain}`);
  await asAdmin(request, 'PUT', `/svc/admin/organizations/${company.id}`, {
    name: company.name,
    status: 'REJECTED',
    isB2B: false,
    kind: 'company',
  });
  pageChecks.allow({
    url: /\/svc\/fav\/create\?/,
    status: 403,
    message: organisationStatusMessages.REJECTED,
    reason: 'a member of a REJECTED company may not favourite',
  });
  pageChecks.allowConsole(/403|unable to support/, 'the refused favourite is logged');
  await page.setViewportSize({ width: NARROW, height: 800 });
  await page.goto(`/${listing.listingRefnum}`);
  const heart = page.getByRole('button', { name: `Save ${listing.listingTitle} to favourites` }).first();
  await (await hydrated(heart)).click();
  await expect(page.getByRole('alert').filter({ hasText: organisationStatusMessages.REJECTED })).toBeVisible();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  // Account Settings, where the message sends them, says it too.
  await page.goto('/settings/account');
  await expect(signIn).toContainText(organisationStatusMessages.REJECTED);
});

test('someone who joined by social sign-in sets a password in Settings, and logs in with it (1280, then 384)', async ({
  page,
  request,
}) => {
  // Through the OpenID stand-in (Google): a new person, made without a password.
  const email = `sol.${Date.now().toString(36)}@example.com`;
  await page.setViewportSize({ width: WIDE, height: 800 });
  await openHome(page);
  await (await hydrated(headerMenu(page).getByRole('button', { name: 'Log in', exact: true }))).click();
  await dialog(page, 'Log in').getByRole('button', { name: 'Continue with Google or LinkedIn' }).click();
  await dialog(page, 'Log in with a social account').getByRole('link', { name: 'Log in with Google' }).click();
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(headerMenu(page).getByRole('button', { name: /^Hi, / })).toBeVisible();

  await page.goto('/settings/account');
  const signIn = page.getByRole('region', { name: 'Sign-in' });
  // No password yet: nothing to change, one to set.
  await expect(signIn.getByRole('button', { name: 'Set a password' })).toBeVisible();
  await expect(signIn.getByRole('button', { name: 'Change password' })).toHaveCount(0);

  await page.setViewportSize({ width: NARROW, height: 800 });
  await (await hydrated(signIn.getByRole('button', { name: 'Set a password' }))).click();
  const form = signIn.getByRole('form', { name: 'Set a password' });
  await form.getByLabel('New password').fill('Social!Pass42');
  await form.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('status').getByText(/^Your password is set/)).toBeVisible();
  await expect(signIn.getByRole('button', { name: 'Change password' })).toBeVisible();
  await expect(signIn.getByRole('button', { name: 'Set a password' })).toHaveCount(0);

  // The password logs in, as for anyone who signed up with one.
  const withPassword = await request.post('/svc/users/login', { data: { email, password: 'Social!Pass42' } });
  expect(withPassword.ok(), await withPassword.text()).toBe(true);
});
