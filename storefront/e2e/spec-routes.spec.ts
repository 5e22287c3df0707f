import type { CategoryNode, LoginData } from '@yardly/shared/contract';
import {
  addressToasts,
  conversationKey,
  FILE_INPUT_PLACEHOLDER,
  settingsMessages,
  toBase64Url,
} from '@yardly/shared/rules';
import { E2E_ADMIN } from '../playwright.config';
import { dialog, hydrated, NOT_FOUND_TEXT, newPerson, readCode, recentListings, signInByApi } from './fixtures';
import { b2bOrganisation, bearer, expectPageFits, listItem, logInToConsole, personIn, post } from './journeys';
import { expect, type Page, test } from './page-checks';

// Issue 36, the storefront's side: the routes of spec section 2 that links built to the spec land on.

/** The page at 384 and at 1280 px: nothing runs off its side, axe finds nothing; photographed at both for a look. */
async function fitsBothWidths(page: Page, what: string): Promise<void> {
  for (const width of [384, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expectPageFits(page, `${what} at ${width} px`);
    const name = `${what.replace(/[^a-z0-9]+/gi, '-')}-${width}.png`;
    await page.screenshot({ path: test.info().outputPath(name), fullPage: true });
  }
}

const HOME = /127\.0\.0\.1:\d+\/$/;

test('/profile is a signed-in route and /complete-now a public one', async ({ page, request }) => {
  const [listing] = await recentListings(request, 1);
  if (!listing) throw new Error('the demo data has no listing');
  const profile = `/profile?user_refnum=${listing.sellerRefnum}`;

  // A guest: home, asked to log in, and on to the profile afterwards.
  await page.goto(profile);
  await expect(dialog(page, 'Log in')).toBeVisible();
  await expect(page).toHaveURL(HOME);

  // /complete-now is public: a guest sees it and is asked to log in there.
  await page.goto('/complete-now');
  await expect(page).toHaveURL(/\/complete-now$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Complete your account' })).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  await expect(dialog(page, 'Log in')).toBeVisible();
  await fitsBothWidths(page, '/complete-now for a guest');

  await signInByApi(page, newPerson('Pria'));
  await page.goto(profile);
  await expect(page).toHaveURL(/\/profile\?user_refnum=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
});

test('/settings-email-update confirms the new email with the link’s code and says so', async ({
  page,
  request,
  pageChecks,
}) => {
  const person = newPerson('Eddie');
  await signInByApi(page, person);

  // A link cut short says so.
  await page.goto('/settings-email-update');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(settingsMessages.emailLinkIncomplete);

  // Long on purpose: one unbroken word wider than a 384 px message box must wrap, not widen the page.
  const newEmail = `eddie.new.address.for.yardly.${Date.now().toString(36)}@example.com`;
  const asked = await request.post('/svc/account/updateEmail', {
    data: { email: newEmail },
    headers: await bearer(request, person),
  });
  expect(asked.ok(), await asked.text()).toBe(true);
  const code = await readCode(request, newEmail, /Confirm your new/);

  // A wrong code: the api's message, and nothing changed.
  pageChecks.allow({ url: '/svc/account/verifyUpdatableEmail', status: 400, reason: 'a wrong code in the link' });
  await page.goto(
    `/settings-email-update?email=${encodeURIComponent(newEmail)}&code=${code === '000000' ? '111111' : '000000'}`,
  );
  await expect(page.getByRole('main').getByRole('alert')).toContainText('code');

  await page.goto(`/settings-email-update?email=${encodeURIComponent(newEmail)}&code=${code}`);
  await expect(page.getByRole('main').getByRole('status')).toHaveText(`${settingsMessages.emailChanged}: ${newEmail}`);
  await fitsBothWidths(page, '/settings-email-update');
  // The account moved: the new address logs in.
  const login = await request.post('/svc/users/login', { data: { email: newEmail, password: person.password } });
  expect(login.ok(), await login.text()).toBe(true);
});

test('the legacy password-reset and email-verification links serve the home page with their dialog', async ({
  page,
  request,
}) => {
  const person = newPerson('Lexi');
  const signup = await request.post('/svc/users/signup', { data: person });
  expect(signup.ok(), await signup.text()).toBe(true);

  const reset = await page.goto(`/reset-password?email=${encodeURIComponent(person.email)}`);
  expect(reset?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Great finds from your neighbours' })).toBeVisible();
  await expect(dialog(page, 'Reset password')).toBeVisible();
  await expect(dialog(page, 'Reset password')).toContainText(person.email);
  await fitsBothWidths(page, 'the legacy reset-password link');

  await page.goto(`/verify-email?email=${encodeURIComponent(person.email)}`);
  await expect(dialog(page, 'Verify your email')).toBeVisible();
  await expect(dialog(page, 'Verify your email')).toContainText(person.email);

  // Without an email, where a person starts again.
  await page.goto('/reset-password');
  await expect(dialog(page, 'Forgot password')).toBeVisible();
});

test('/myquest and /settings deep links open the named tab and item; the admin paths keep current_tab', async ({
  page,
  request,
}) => {
  const [listing] = await recentListings(request, 1);
  if (!listing) throw new Error('the demo data has no listing');
  const quinn = newPerson('Quinn');
  const buyer = await signInByApi(page, quinn);

  // /myquest/{current_tab}/{current_tab_ref}: the conversation its key names, by raw key or encoded.
  const key = conversationKey(listing.listingRefnum, listing.sellerRefnum);
  await page.goto(`/myquest/messages/${key}`);
  await expect(page).toHaveURL(`/messages/${toBase64Url(key)}`);
  await expect(page.getByRole('heading', { level: 1, name: `Messages about ${listing.listingTitle}` })).toBeVisible();
  await page.goto(`/myquest?current_tab=allmessages&current_tab_ref=${toBase64Url(key)}`);
  await expect(page).toHaveURL(`/messages/${toBase64Url(key)}`);

  // The offers tab: the thread of the buyer's offer (only the seller and people who offered may
  // read a listing's offers), on a listing that takes offers (the demo's may be Buy Now only).
  const browser = page.context().browser();
  if (!browser) throw new Error('no browser');
  const seller = await personIn(browser, { width: 1280, height: 800 }, 'Sela');
  const offered = await listItem(request, seller.person, `Pine bench ${Date.now().toString(36)}`, 4_000);
  await post(request, quinn, '/svc/offer/create/v2', { listingRefnum: offered, offerPrice: 3_000 });
  const thread = `${offered}_${buyer.userRefnum}_${seller.login.userRefnum}`;
  await page.goto(`/myquest/offers/${toBase64Url(thread)}`);
  await expect(page).toHaveURL(`/offers/${toBase64Url(thread)}`);

  // A tab alone, and the leavefeedback variant: the tab, with the review dialog asked for.
  await page.goto('/myquest?current_tab=buying');
  await expect(page).toHaveURL('/myquest/buying');
  const feedback = await request.get(`/myquest/buying/${toBase64Url(key)}/${listing.listingRefnum}`, {
    maxRedirects: 0,
  });
  expect(feedback.status()).toBe(302);
  expect(feedback.headers().location).toBe(`/myquest/buying?leavefeedback=${listing.listingRefnum}`);

  // /settings?current_tab=: that tab.
  await page.goto('/settings?current_tab=communication');
  await expect(page).toHaveURL('/settings/communication');
  await expect(
    page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Communication' }),
  ).toHaveAttribute('aria-current', 'page');
  await fitsBothWidths(page, '/settings/communication from current_tab');

  // An admin path keeps current_tab into the console.
  const admin = await page.context().browser()?.newPage();
  if (!admin) throw new Error('no browser');
  await logInToConsole(admin, E2E_ADMIN);
  await admin.goto('/workemaildomain?current_tab=pending');
  await expect(admin).toHaveURL(/\/admin\/#\/work-email-domains\?current_tab=pending$/);
  await admin.close();
});

test('/products/{subcategory title} opens that subcategory’s list', async ({ page, request, pageChecks }) => {
  const tree = ((await (await request.get('/svc/categories/all')).json()) as { data: CategoryNode[] }).data;
  const category = tree.find((c) => c.subCategories.length > 0);
  const sub = category?.subCategories[0];
  if (!category || !sub) throw new Error('the seeded taxonomy has subcategories');

  await page.goto(`/products/${encodeURIComponent(sub.categoryTitle)}`);
  await expect(page).toHaveURL(
    new RegExp(`/products\\?category=${category.categoryRefnum}&subcategory=${sub.categoryRefnum}$`),
  );
  await expect(page.getByRole('heading', { level: 1, name: sub.categoryTitle })).toBeVisible();
  await fitsBothWidths(page, `/products/${sub.categoryTitle}`);

  // No such subcategory: the not-found page.
  pageChecks.expectNotFound('/products/No%20such%20subcategory');
  const missing = await page.goto('/products/No%20such%20subcategory');
  expect(missing?.status()).toBe(404);
});

test('outside the organisation flow, a path under /client/ goes home', async ({ page, request, pageChecks }) => {
  // Acme's marketplace exists (made here when no journey before made it): its pages are members'.
  await b2bOrganisation(request, 'Acme', 'acme.com', {
    welcomeText: 'Welcome to the Acme staff marketplace.',
    brandColor: '#c0392b',
  });
  // A guest deeper than an organisation's landing (no such page: the not-found page, then home).
  pageChecks.expectNotFound(/\/client\/nosuchorg\//);
  await page.goto('/client/nosuchorg/products');
  await expect(page).toHaveURL(HOME);
  await page.goto('/client/nosuchorg/some/deeper/path');
  await expect(page).toHaveURL(HOME);
  // Someone signed in, not in a flow: the same.
  await signInByApi(page, newPerson('Cleo'));
  await page.goto('/client/acme/categories');
  await expect(page).toHaveURL(HOME);
});

test('a social sign-in started on the rentals site comes back to the rentals home', async ({ page }) => {
  const email = `rhea.${Date.now().toString(36)}@example.com`;
  await page.goto('/rentals');
  const menu = page.getByRole('navigation', { name: 'Rentals' });
  await (await hydrated(menu.getByRole('button', { name: 'Log in', exact: true }))).click();
  await dialog(page, 'Log in').getByRole('button', { name: 'Continue with Google or LinkedIn' }).click();
  const select = dialog(page, 'Log in with a social account');
  await expect(select.getByRole('link', { name: 'Log in with Google' })).toHaveAttribute(
    'href',
    /redirect_uri=%2Frentals%2Foauth2%2Fredirect/,
  );
  await select.getByRole('link', { name: 'Log in with Google' }).click();
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  // Through /rentals/oauth2/redirect to /rentals/?q=signup (a new person), which the rentals home reads.
  await expect(page).toHaveURL(/\/rentals\/$/);
  await expect(menu.getByRole('button', { name: /^Hi, / })).toBeVisible();
});

test('listing cards carry a Message button to the conversation with the seller', async ({ page, request }) => {
  const [listing] = await recentListings(request, 1);
  if (!listing) throw new Error('the demo data has no listing');
  const message = (scope: Page) =>
    scope
      .getByRole('article')
      .filter({ hasText: listing.listingTitle })
      .first()
      .getByRole('button', { name: `Message the seller of ${listing.listingTitle}` });

  // A guest: the login dialog, and on to the conversation afterwards.
  await page.goto(`/products?q=${encodeURIComponent(listing.listingTitle)}`);
  await (await hydrated(message(page))).click();
  await expect(dialog(page, 'Log in')).toBeVisible();

  await signInByApi(page, newPerson('Mona'));
  await page.goto(`/products?q=${encodeURIComponent(listing.listingTitle)}`);
  const link = page
    .getByRole('article')
    .filter({ hasText: listing.listingTitle })
    .first()
    .getByRole('link', { name: `Message the seller of ${listing.listingTitle}` });
  await fitsBothWidths(page, 'the product list with Message on its cards');
  await (await hydrated(link)).click();
  await expect(page).toHaveURL(
    `/messages/${toBase64Url(conversationKey(listing.listingRefnum, listing.sellerRefnum))}`,
  );
  await expect(page.getByRole('heading', { level: 1, name: `Messages about ${listing.listingTitle}` })).toBeVisible();
});

test('/saved-lists shows a person’s favourite items and saved places together', async ({ page, request }) => {
  const [listing] = await recentListings(request, 1);
  const rentals = (await (await request.get('/rental/listings/recentItems?page=0&size=1')).json()) as {
    data: { docs: { refnum: string; title: string }[] };
  };
  const rental = rentals.data.docs[0];
  if (!listing || !rental) throw new Error('the demo data has a listing and a rental');

  await page.goto('/saved-lists');
  await expect(dialog(page, 'Log in')).toBeVisible();
  await expect(page).toHaveURL(HOME);

  const person = newPerson('Sade');
  const login: LoginData = await signInByApi(page, person);
  expect(login.userRefnum).toMatch(/^U/);
  const headers = await bearer(request, person);
  expect((await request.post(`/svc/fav/create?listingRefnum=${listing.listingRefnum}`, { headers })).ok()).toBe(true);
  expect((await request.post(`/svc/rental/fav/create?refnum=${rental.refnum}`, { headers })).ok()).toBe(true);

  await page.goto('/saved-lists');
  await expect(page.getByRole('heading', { level: 1, name: 'Saved lists' })).toBeVisible();
  const items = page.getByRole('region', { name: 'Favorite items' });
  const places = page.getByRole('region', { name: 'Saved places' });
  // A long title is cut short on its card; the card's link carries it whole.
  await expect(
    items.getByRole('article').filter({ has: page.getByRole('link', { name: listing.listingTitle }) }),
  ).toBeVisible();
  await expect(
    places.getByRole('article').filter({ has: page.getByRole('link', { name: rental.title }) }),
  ).toBeVisible();
  await fitsBothWidths(page, '/saved-lists');
});

test('the sell form asks before a changed form is left, and not after a successful save', async ({
  page,
  pageChecks,
}) => {
  // The dashboard's card of the new draft links to its page, which is its seller's only: the server,
  // without her token (it lives in the browser), answers not found, as for members-only items.
  pageChecks.allow({ url: /\/L[0-9A-Z]{11}$/, status: 404, reason: 'the draft’s own page, fetched without a token' });
  await signInByApi(page, newPerson('Gus'));
  await page.goto('/creatinglist');
  await expect(page.getByRole('heading', { level: 1, name: 'Sell an item' })).toBeVisible();
  // The file inputs say how to use them (spec section 8).
  await expect(page.getByRole('group', { name: 'Photos' })).toContainText(FILE_INPUT_PLACEHOLDER);
  const title = `Oak bookcase ${Date.now().toString(36)}`;
  await page.getByLabel('Title').fill(title);

  // Leaving by a link: the browser's leave-page dialog (answered 'stay' at once, as the click
  // waits for the page); staying keeps the form as it was.
  const asked: string[] = [];
  page.on('dialog', (question) => {
    asked.push(question.type());
    void question.dismiss().catch(() => {});
  });
  await page.getByRole('link', { name: 'Yardly', exact: true }).first().click({ noWaitAfter: true });
  await expect.poll(() => asked).toEqual(['beforeunload']);
  await expect(page).toHaveURL(/\/creatinglist$/);
  await expect(page.getByLabel('Title')).toHaveValue(title);

  // Saved as a draft: on to the dashboard without a question.
  await page.getByLabel('Description').fill('Solid oak, five shelves.');
  await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Home Decor & Furniture' });
  await page.getByLabel('Subcategory').selectOption({ index: 1 });
  await page.getByLabel('Condition').selectOption({ label: 'Used' });
  await page.getByLabel('Price ($)').fill('40');
  await page.getByLabel('Weight (lbs)').fill('12');
  await page.getByLabel('Zip code').fill('10001');
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page).toHaveURL(/\/myquest\/selling/);
  expect(asked).toEqual(['beforeunload']);
});

test('the saved addresses say so when their list cannot be read', async ({ page, pageChecks }) => {
  pageChecks.allow({ url: '/svc/account/fetchAddresses', status: 500, reason: 'the address list made to fail' });
  pageChecks.allowConsole(/500|Addresses are down/, 'the address list made to fail');
  await signInByApi(page, newPerson('Ada'));
  await page.route('**/svc/account/fetchAddresses', (route) =>
    route.fulfill({ status: 500, json: { code: 500, msg: 'Addresses are down (on purpose)', data: null } }),
  );
  await page.goto('/settings/account');
  const addresses = page.getByRole('region', { name: 'Saved addresses' });
  await expect(addresses.getByRole('alert')).toHaveText(addressToasts.fetchErrorShort);
  await expect(addresses.getByText('You have no saved addresses yet.')).toHaveCount(0);
  await fitsBothWidths(page, 'the saved addresses that failed to load');
});

test('a progressive account: a global block while its full profile loads, which the not-found page waits for; an old loginData entry goes', async ({
  page,
  request,
  pageChecks,
}) => {
  const email = `pip.${Date.now().toString(36)}@example.com`;
  const started = await request.post('/svc/users/easy-signup', { data: { email } });
  expect(started.ok(), await started.text()).toBe(true);
  const code = await readCode(request, email, /verification code/);
  const verified = await request.post('/svc/users/verify-email', { data: { email, code } });
  expect(verified.ok(), await verified.text()).toBe(true);
  const login = ((await verified.json()) as { data: LoginData }).data;
  expect(login.isProgressive).toBe(true);
  await page.addInitScript(
    ([value]) => {
      if (sessionStorage.getItem('e2e.progressive')) return;
      sessionStorage.setItem('e2e.progressive', '1');
      localStorage.setItem('yardly.session', value);
      localStorage.setItem('loginData', '{"token":"an old entry"}');
    },
    [JSON.stringify(login)] as const,
  );

  // The full profile answers only when the test lets it.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/svc/users/full-profile', async (route) => {
    await held;
    await route.continue();
  });
  pageChecks.expectNotFound('/no-such-page-at-all');
  pageChecks.allow({
    url: '/svc/users/full-profile',
    status: 401,
    message: 'The access token has expired',
    reason: 'the journey holds the call past the 3-second token’s life (the client refreshes and asks again)',
  });
  await page.goto('/no-such-page-at-all');
  await expect(page.getByRole('status').filter({ hasText: 'Loading your account…' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('loginData'))).toBeNull();
  // While it loads the not-found delay has not started: the message stays hidden.
  await expect(page.locator('.not-found')).not.toHaveAttribute('data-ready', /.*/);
  await expect(page.getByText(NOT_FOUND_TEXT)).toBeHidden();
  release();
  await expect(page.getByText('Loading your account…')).toHaveCount(0);
  await expect(page.locator('.not-found')).toHaveAttribute('data-ready', '');
  await expect(page.getByText(NOT_FOUND_TEXT)).toBeVisible();
  await fitsBothWidths(page, 'the not-found page for a progressive account');
});
