import { formatCents, listingListMessages, organisationFlowLabels } from '@yardly/shared/rules';
import {
  CODE_MAIL,
  cards,
  dialog,
  enterCode,
  hydrated,
  NOT_FOUND_TEXT,
  newPerson,
  readCode,
  recentListings,
  signInByApi,
  signUp,
} from './fixtures';
import { asAdmin, b2bOrganisation, bearer, expectPageFits } from './journeys';
import { type Browser, expect, type Page, test } from './page-checks';

// Issue 23's Done when, in the browser: a guest opens /client/acme, signs up with an acme.com
// email, verifies and lands in /client/acme, lists an item there; another Acme member finds it in
// the organisation's search and buys it with the commission waived; a person from another company
// and a guest cannot see it anywhere (search, item page by refnum, /sitemap, sitemap.xml); the
// rewriting rules hold. The landing and the organisation's home at 384 px with axe.

const PHONE = { width: 384, height: 800 };
const WIDE = { width: 1280, height: 800 };
const PRICE_CENTS = 4000;

/** Someone who signed up from `orgName`'s landing through the api: a member once verified, signed in on the next page. */
async function memberByApi(
  browser: Browser,
  viewport: typeof WIDE,
  nameFirst: string,
  orgName: string,
  domain: string,
) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const person = { ...newPerson(nameFirst), email: `${nameFirst.toLowerCase()}.${Date.now().toString(36)}@${domain}` };
  const login = await signInByApi(page, person, { isB2B: true, orgName });
  expect(login.isOrganizationB2B, `${nameFirst} is a member of ${orgName}`).toBe(true);
  expect(login.orgName).toBe(orgName);
  return { person, page, login };
}

/** The header's switch between the organisation's marketplace and Yardly's. */
function marketplaceSwitch(page: Page, label: string) {
  return page.getByRole('group', { name: 'Marketplace' }).getByRole('button', { name: label, exact: true });
}

/** Enters the organisation's marketplace from the header's switch: its home at /client/{orgName}. */
async function enterFlow(page: Page, orgDisplayName: string, orgName: string) {
  await page.goto('/faq');
  await (await hydrated(marketplaceSwitch(page, organisationFlowLabels.enter(orgDisplayName)))).click();
  await expect(page).toHaveURL(`/client/${orgName}`);
  await expect(
    page.getByRole('heading', { level: 1, name: organisationFlowLabels.enter(orgDisplayName) }),
  ).toBeVisible();
}

test('Acme’s marketplace: a guest joins from its landing, lists an item there; a colleague buys it without commission; nobody else sees it; the paths are rewritten', async ({
  browser,
  request,
  pageChecks,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const title = `Standing desk ${stamp}`;
  const acme = await b2bOrganisation(request, 'Acme', 'acme.com', {
    welcomeText: 'Welcome to the Acme staff marketplace.',
    brandColor: '#c0392b',
  });
  await asAdmin(request, 'PUT', `/svc/admin/employee-benefit/${acme.id}`, {
    commissionWaived: true,
    welcomeCreditCents: 0,
  });
  await b2bOrganisation(request, 'Globex', 'globex.com', {
    welcomeText: 'Globex people trade here.',
    brandColor: '#1d4ed8',
  });

  // A guest on a phone opens Acme's landing: who it is and how to join.
  const guestContext = await browser.newContext({ viewport: PHONE });
  const alicePage = await guestContext.newPage();
  const landing = await alicePage.goto('/client/acme');
  expect(landing?.status()).toBe(200);
  await expect(alicePage.getByRole('heading', { level: 1, name: 'Acme' })).toBeVisible();
  await expect(alicePage.getByText('Welcome to the Acme staff marketplace.')).toBeVisible();
  const join = alicePage.getByRole('region', { name: 'Join the Acme marketplace' });
  await expect(join.getByText('Use your @acme.com work email').first()).toBeVisible();
  await expect(join.getByLabel('Email', { exact: true })).toBeVisible();
  await expectPageFits(alicePage, 'the Acme landing at 384 px');
  // An unknown organisation is the not-found page.
  const unknown = await request.get(`/client/nobody-${stamp}`);
  expect(unknown.status()).toBe(404);
  expect(await unknown.text()).toContain('Aw, Snap!');

  // She signs up there with her acme.com address (the api refuses any other), verifies, and is in Acme's marketplace.
  const alice = { ...newPerson('Alice'), email: `alice.${stamp}@acme.com` };
  await join.getByLabel('First name').fill(alice.nameFirst);
  await join.getByLabel('Last name').fill(alice.nameLast);
  await join.getByLabel('Email', { exact: true }).fill(`alice.${stamp}@example.com`);
  await join.getByLabel('Password', { exact: true }).fill(alice.password);
  pageChecks.allow({
    url: '/svc/users/signup',
    status: 400,
    message: 'Please use your Acme work email address',
    reason: 'Alice first gives her private address on Acme’s landing',
  });
  await join.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(join.getByText('Please use your Acme work email address')).toBeVisible();
  await join.getByLabel('Email', { exact: true }).fill(alice.email);
  await join.getByRole('button', { name: 'Sign up', exact: true }).click();
  const verify = dialog(alicePage, 'Verify your email');
  await expect(verify).toContainText(alice.email);
  await enterCode(verify, await readCode(request, alice.email, CODE_MAIL.verify), 'Verify');
  await expect(alicePage.getByRole('heading', { level: 1, name: 'Acme marketplace' })).toBeVisible();
  await expect(alicePage).toHaveURL('/client/acme');
  await expect(marketplaceSwitch(alicePage, 'Acme marketplace')).toHaveAttribute('aria-pressed', 'true');
  await expect(alicePage.getByText('Nothing listed here yet.').or(cards(alicePage).first())).toBeVisible();
  await expectPageFits(alicePage, 'the Acme home at 384 px');

  // The organisation's categories and list are its own pages under its prefix, at 384 px too.
  await alicePage.getByRole('link', { name: 'All categories' }).click();
  await expect(alicePage).toHaveURL('/client/acme/categories');
  await expect(alicePage.getByRole('heading', { level: 1, name: 'All categories' })).toBeVisible();
  await expectPageFits(alicePage, 'the Acme categories at 384 px');
  await alicePage.getByRole('link', { name: 'Home Decor & Furniture', exact: true }).click();
  await expect(alicePage).toHaveURL(/\/client\/acme\/products\?category=C[0-9A-Z]{11}$/);
  await expect(
    alicePage.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }),
  ).toHaveAttribute('href', '/client/acme');
  await expect(alicePage.getByText(listingListMessages.noResults)).toBeVisible();
  await expectPageFits(alicePage, 'the Acme product list at 384 px');

  // She lists an item from there: the sell form at /client/acme/creatinglist.
  await alicePage.goto('/client/acme');
  await alicePage.getByRole('link', { name: 'Sell an item' }).click();
  await expect(alicePage).toHaveURL('/client/acme/creatinglist');
  await expect(alicePage.getByRole('heading', { level: 1, name: 'Sell an item' })).toBeVisible();
  await alicePage.getByLabel('Title').fill(title);
  await alicePage.getByLabel('Description').fill('Electric, goes from sitting to standing height.');
  await alicePage.getByLabel('Category', { exact: true }).selectOption({ label: 'Home Decor & Furniture' });
  await alicePage.getByLabel('Subcategory').selectOption({ label: 'Tables & Desks' });
  await alicePage.getByLabel('Condition').selectOption({ label: 'Used' });
  await alicePage.getByLabel('Price ($)').fill(String(PRICE_CENTS / 100));
  // Acme waives the commission between its members: the sell form says she receives it all.
  const payout = alicePage.getByRole('region', { name: 'Commission and payout' });
  await expect(payout).toContainText(`Commission: ${formatCents(0)} (waived between members of your organisation)`);
  await expect(payout).toContainText(`You receive: ${formatCents(PRICE_CENTS)}`);
  await alicePage.getByLabel('Weight (lbs)').fill('15');
  await alicePage.getByLabel('Zip code').fill('10001');
  await alicePage.getByLabel('Shipping', { exact: true }).uncheck();
  await expectPageFits(alicePage, 'the Acme sell form at 384 px');
  // Its page is its members': the server, which has no member's token (it lives in the browser),
  // answers the page and its links not found for everyone, on purpose (Alice's token opens it;
  // Carol and the guest below meet the not-found page).
  pageChecks.allow({
    url: /\/L[0-9A-Z]{11}$/,
    status: 404,
    reason: 'the members-only item’s page, served without a token',
  });
  await alicePage.getByRole('button', { name: 'Publish listing' }).click();
  await expect(alicePage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(alicePage).toHaveURL(/\/L[0-9A-Z]{11}$/);
  const listingRefnum = new URL(alicePage.url()).pathname.slice(1);
  await expect(alicePage.getByText(organisationFlowLabels.membersOnly)).toBeVisible();
  await expect(alicePage.getByText('This is your listing.')).toBeVisible();
  await expect(alicePage.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(alicePage.locator('script[type="application/ld+json"]')).toHaveCount(0);
  await expectPageFits(alicePage, 'the members-only item at 384 px');

  // Bob, another Acme member, joins from the landing too and finds the desk in Acme's search.
  // He signs up with the header's dialog on Acme's landing: his acme.com address joins Acme too.
  const bob = { page: await (await browser.newContext({ viewport: WIDE })).newPage() };
  await bob.page.goto('/client/acme');
  await expect(bob.page.getByRole('heading', { level: 1, name: 'Acme' })).toBeVisible();
  const bobVerify = await signUp(bob.page, { ...newPerson('Bob'), email: `bob.${stamp}@acme.com` });
  await enterCode(bobVerify, await readCode(request, `bob.${stamp}@acme.com`, CODE_MAIL.verify), 'Verify');
  await expect(bob.page.getByRole('heading', { level: 1, name: 'Acme marketplace' })).toBeVisible();
  await expect(bob.page).toHaveURL('/client/acme');
  await expect(cards(bob.page).filter({ hasText: title })).toBeVisible();
  await bob.page.goto(`/products?q=${encodeURIComponent(title)}`);
  // In the flow the product list is the organisation's.
  await expect(bob.page).toHaveURL(`/client/acme/products?q=${encodeURIComponent(title)}`);
  const found = cards(bob.page).filter({ hasText: title });
  await expect(found).toHaveCount(1);
  await found.getByRole('link').first().click();
  await expect(bob.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(bob.page.getByText(organisationFlowLabels.membersOnly)).toBeVisible();
  await (await hydrated(bob.page.getByRole('link', { name: 'Buy Now' }))).click();
  await expect(bob.page).toHaveURL(`/checkout?itemRefnum=${listingRefnum}`);
  await expect(bob.page.getByRole('radio', { name: 'Local pickup' })).toBeChecked();
  const form = bob.page.getByRole('form', { name: 'Card' });
  await form.getByLabel('Card number').fill('4242 4242 4242 4242');
  await form.getByLabel('Expiry (MM/YY)').pressSequentially('430');
  await form.getByLabel('CVC').fill('123');
  await form.getByRole('button', { name: `Pay ${formatCents(PRICE_CENTS)}` }).click();
  await expect(bob.page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  const orderId = new URL(bob.page.url()).searchParams.get('orderId');
  expect(orderId).toBeTruthy();

  // Between two members of Acme, which waives it: no commission, Alice receives the whole price.
  await alicePage.goto(`/orders/${orderId}`);
  const share = alicePage.getByLabel('Your share');
  await expect(share).toContainText(`Yardly's commission${formatCents(0)}`);
  await expect(share).toContainText(`You receive${formatCents(PRICE_CENTS)}`);

  // Carol, of Globex, in Globex's marketplace: Acme's paths lead her to her own; she cannot see the desk.
  const carol = await memberByApi(browser, WIDE, 'Carol', 'globex', 'globex.com');
  await enterFlow(carol.page, 'Globex', 'globex');
  await carol.page.goto('/client/acme/products');
  await expect(carol.page).toHaveURL('/client/globex');
  await carol.page.goto(`/client/globex/products?q=${encodeURIComponent(title)}`);
  await expect(carol.page.getByText(listingListMessages.noResults)).toBeVisible();
  const asCarol = await carol.page.request.post('/search/category', {
    data: { orgRefnum: acme.id, company: 'acme', q: title },
    headers: await bearer(request, carol.person),
  });
  expect(asCarol.status(), 'another organisation’s search is refused').toBe(403);
  await carol.page.goto(`/${listingRefnum}`);
  await expect(carol.page.getByText(NOT_FOUND_TEXT)).toBeVisible();
  await expect(carol.page.getByRole('heading', { level: 1, name: title })).toHaveCount(0);
  // Back to Yardly's marketplace: the switch, then the public search has no desk either.
  await (await hydrated(marketplaceSwitch(carol.page, 'Yardly marketplace'))).click();
  await expect(carol.page).toHaveURL('/');
  await carol.page.goto(`/products?q=${encodeURIComponent(title)}`);
  await expect(carol.page).toHaveURL(/^[^?]*\/products\?/);
  await expect(carol.page.getByText(listingListMessages.noResults)).toBeVisible();
  // Signed in and not in the flow, anything under /client/ goes home.
  await carol.page.goto('/client/acme');
  await expect(carol.page).toHaveURL('/');

  // A guest: no desk in the search, the item page, the sitemap page or sitemap.xml.
  const guest = await browser.newPage({ viewport: WIDE });
  await guest.goto(`/products?q=${encodeURIComponent(title)}`);
  await expect(guest.getByText(listingListMessages.noResults)).toBeVisible();
  const itemPage = await guest.goto(`/${listingRefnum}`);
  expect(itemPage?.status()).toBe(404);
  await expect(guest.getByText(NOT_FOUND_TEXT)).toBeVisible();
  const sitemapPage = await (await request.get('/sitemap')).text();
  expect(sitemapPage).not.toContain(listingRefnum);
  expect(sitemapPage).not.toContain(title);
  const sitemapXml = await (await request.get('/sitemap.xml')).text();
  const [publicItem] = await recentListings(request, 1);
  expect(sitemapXml, 'sitemap.xml lists the public listings').toContain(`/${publicItem?.listingRefnum}`);
  expect(sitemapXml).not.toContain(listingRefnum);
  // A guest sees the landing /client/acme; deeper under /client/ goes home (spec section 2).
  await guest.goto('/client/acme');
  await expect(guest.getByRole('region', { name: 'Join the Acme marketplace' })).toBeVisible();
  await guest.goto('/client/acme/products');
  await expect(guest).toHaveURL('/');
});

test('a member whose organisation is REJECTED is taken out of its marketplace at its next page', async ({
  browser,
  request,
  pageChecks,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const name = `Initech ${stamp}`;
  const orgName = `initech-${stamp}`;
  const domain = `initech-${stamp}.com`;
  const org = await b2bOrganisation(request, name, domain, { welcomeText: '', brandColor: '#fde047' });
  const member = await memberByApi(browser, PHONE, 'Milton', orgName, domain);
  await enterFlow(member.page, name, orgName);
  // On a light colour the band writes in black.
  await expect(member.page.getByRole('group', { name: 'Marketplace' })).toHaveCSS('color', 'rgb(0, 0, 0)');
  await expectPageFits(member.page, `the ${name} home at 384 px`);

  // REJECTED (a marketplace is for verified organisations only, so not B2B any more either).
  await asAdmin(request, 'PUT', `/svc/admin/organizations/${org.id}`, {
    name,
    status: 'REJECTED',
    isB2B: false,
    kind: 'company',
  });
  // Membership is read on every call: its list is refused, and the page leaves the flow for Yardly's home.
  // Its marketplace's pages and call are not found any more: on purpose.
  pageChecks.allow({
    url: new RegExp(`/client/${orgName}(/products)?$`),
    status: 404,
    reason: 'the marketplace was rejected',
  });
  pageChecks.allow({
    url: `/svc/client/${orgName}`,
    status: 404,
    message: 'There is no organisation marketplace by this name',
    reason: 'the marketplace was rejected',
  });
  await member.page.goto(`/client/${orgName}/products`);
  await expect(member.page).toHaveURL('/');
  expect(await member.page.evaluate(() => localStorage.getItem('isB2BFlow'))).toBeNull();
  await member.page.goto(`/client/${orgName}`);
  await expect(member.page).toHaveURL('/');
});
