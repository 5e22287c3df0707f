import { E2E_ADMIN } from '../playwright.config';
import {
  accountButton,
  CODE_MAIL,
  dialog,
  enterCode,
  logOut,
  newPerson,
  type Person,
  readCode,
  signInByApi,
} from './fixtures';
import { bearer, expectPageFits, logInToConsole, openConsoleRecord } from './journeys';
import { type Browser, expect, type Page, test } from './page-checks';

/** A 1 by 1 PNG: enough for the api's photo pipeline to re-encode as a logo. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

/** From the domains list: the create form filled in with a domain and its organisation. */
async function addDomain(page: Page, domain: string, orgName: string) {
  await page.getByRole('link', { name: 'Create' }).click();
  await expect(page).toHaveURL(/work-email-domains\/create/);
  await page.getByRole('textbox', { name: 'Domain' }).fill(domain);
  await page.getByRole('combobox', { name: 'Organisation' }).fill(orgName);
  await page.getByRole('option', { name: orgName }).click();
}

/** A new verified person in their own browser context, on the home page. */
async function signedUpPerson(browser: Browser, person: Person) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInByApi(page, person);
  await page.goto('/');
  return { context, page };
}

test('an admin adds an organisation and its work-email domain, changes its status, and a member sees it', async ({
  page,
  browser,
  pageChecks,
}) => {
  // Two people, two sign-ups and a dozen console screens: longer than one page's journey.
  test.setTimeout(150_000);
  const suffix = Date.now().toString(36);
  const orgName = `Harbor Clinic ${suffix}`;
  const domain = `harbor-${suffix}.org`;

  await logInToConsole(page, E2E_ADMIN);
  // The rentals beside the catalogue (issue 20): the listings, their reports, the form's lists.
  const adminNav = page.locator('.RaSidebar-fixed, .RaSidebar-paper').first();
  for (const entry of ['Rentals', 'Rental reports', 'Rental attributes']) {
    await expect(adminNav.getByRole('menuitem', { name: entry })).toBeVisible();
  }

  // The organisation, IN_REVIEW to start with.
  await page.goto('/admin/#/organizations/create');
  await page.getByLabel('Name').fill(orgName);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('cell', { name: orgName })).toBeVisible();

  // Its work-email domain, through the spec's path /workemaildomain.
  await page.goto('/workemaildomain');
  await expect(page).toHaveURL(/\/admin\/#\/work-email-domains/);
  await addDomain(page, domain, orgName);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('cell', { name: domain })).toBeVisible();

  // A duplicate is refused on the field.
  pageChecks.allow({ url: '/svc/admin/work-email-domains', status: 409, reason: 'the duplicate domain is refused' });
  await addDomain(page, domain.toUpperCase(), orgName);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This domain already belongs to an organisation').first()).toBeVisible();

  // A member joins through work-email verification with that domain: IN_REVIEW, limited access.
  const dana = newPerson('Dana');
  const member = await signedUpPerson(browser, dana);
  const workEmail = `dana@${domain}`;
  await accountButton(member.page, 'Dana').click();
  await member.page.getByRole('button', { name: 'Verify work email' }).click();
  const work = dialog(member.page, 'Verify your work email');
  await work.getByLabel('Work email').fill(workEmail);
  await work.getByRole('button', { name: 'Send code' }).click();
  await enterCode(
    dialog(member.page, 'Enter the code'),
    await readCode(member.page.request, workEmail, CODE_MAIL.workEmail),
    'Verify',
  );
  await expect(member.page.getByText(/Our representative is actively working/)).toBeVisible();

  // The admin verifies the organisation.
  await page.goto('/b2b/organizations');
  await expect(page).toHaveURL(/\/admin\/#\/organizations/);
  await openConsoleRecord(page, orgName, /#\/organizations\/[^/?]+$/);
  await page.getByLabel('Status', { exact: true }).click();
  await page.getByRole('option', { name: 'VERIFIED' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row', { name: new RegExp(orgName) })).toContainText('VERIFIED');

  // The member sees the new status on their next request, as a notification.
  await member.page.goto('/notifications');
  await expect(member.page.getByText(`${orgName} is now verified: your account has full access.`)).toBeVisible();
  await member.context.close();
});

test('a limited admin sees only the admin area; the api refuses them organisations and the catalogue', async ({
  page,
  browser,
}) => {
  const lee = newPerson('Lee');
  const person = await signedUpPerson(browser, lee);

  // An admin gives Lee the limited admin role in the console.
  await logInToConsole(page, E2E_ADMIN);
  await page.goto(`/admin/#/users?filter=${encodeURIComponent(JSON.stringify({ q: lee.email }))}`);
  await openConsoleRecord(page, lee.email, /#\/users\/[^/?]+/);
  await page.getByLabel('ROLE_LIMITED_ADMIN').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row', { name: new RegExp(lee.email) })).toContainText('ROLE_LIMITED_ADMIN');

  // Lee logs in again (fresh login data with the new role) and opens the console.
  await logOut(person.page, 'Lee');
  await logInToConsole(person.page, lee);
  const nav = person.page.locator('.RaSidebar-fixed, .RaSidebar-paper').first();
  // The admin area (and /donation when the flag is on) only: no catalogue, no reports.
  await expect(nav.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
  await expect(nav.getByRole('menuitem', { name: 'Reports' })).toHaveCount(0);
  await expect(nav.getByRole('menuitem', { name: 'Catalogue' })).toHaveCount(0);
  await expect(nav.getByRole('menuitem', { name: 'Organizations' })).toHaveCount(0);
  await expect(nav.getByRole('menuitem', { name: 'Users' })).toHaveCount(0);
  for (const entry of ['Rentals', 'Rental reports', 'Rental attributes']) {
    await expect(nav.getByRole('menuitem', { name: entry })).toHaveCount(0);
  }

  // The spec's organisations path sends a limited admin home, and the api answers 403. Asked
  // with a token of its own: the stored one lives 3 seconds here, and may be expiring while
  // the home page's own calls refresh it.
  await person.page.goto('/b2b/organizations');
  await expect(person.page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  const login = await person.page.request.post('/svc/users/login', {
    data: { email: lee.email, password: lee.password },
  });
  const { token } = (await login.json()).data as { token: string };
  const refused = await person.page.request.get('/svc/admin/organizations', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(refused.status()).toBe(403);
  const catalogue = await person.page.request.get('/svc/admin/listings', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(catalogue.status()).toBe(403);
  for (const resource of ['rentals', 'rental-reports', 'rental-properties']) {
    const rentals = await person.page.request.get(`/svc/admin/${resource}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(rentals.status(), resource).toBe(403);
  }
  const allowed = await person.page.request.get('/svc/admin/dashboard', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(allowed.status()).toBe(200);
  await person.context.close();
});

test('an admin gives a B2B organisation its landing page and employee benefits, on pages that fit a phone', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const suffix = Date.now().toString(36);
  const name = `Lakeside ${suffix}`;
  const orgName = `lakeside-${suffix}`;
  const domain = `lakeside-${suffix}.com`;
  // The organisation, VERIFIED and B2B, and its domain, through the console's api.
  const admin = { ...newPerson('Admin'), ...E2E_ADMIN };
  const org = await page.request.post('/svc/admin/organizations', {
    data: { name, status: 'VERIFIED', isB2B: true },
    headers: await bearer(page.request, admin),
  });
  expect(org.ok(), await org.text()).toBe(true);
  const { id } = (await org.json()) as { id: string };
  const added = await page.request.post('/svc/admin/work-email-domains', {
    data: { domain, organizationId: id },
    headers: await bearer(page.request, admin),
  });
  expect(added.ok(), await added.text()).toBe(true);

  await logInToConsole(page, E2E_ADMIN);
  // The spec's /b2b leads to the B2B marketplaces.
  await page.goto('/b2b');
  await expect(page).toHaveURL(/\/admin\/#\/b2b/);
  await openConsoleRecord(page, name, new RegExp(`/admin/#/b2b/${id}$`));
  await expect(page.getByText(domain)).toBeVisible();
  await expect(page.getByText(`/client/${orgName}`)).toBeVisible();
  // Text typed before a logo upload is still there after it (the upload refetches the record).
  await page.getByLabel('Welcome text').fill('Buy and sell among Lakeside colleagues.');
  await page.getByLabel('Upload a new logo (PNG or JPG)').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: TINY_PNG,
  });
  await expect(page.getByText('Logo uploaded: the landing page shows it now')).toBeVisible();
  await expect(page.getByRole('img', { name: `${name} logo` })).toBeVisible();
  await expect(page.getByLabel('Welcome text')).toHaveValue('Buy and sell among Lakeside colleagues.');
  await page.getByLabel('Colour').fill('#7a1f5c');
  for (const width of [384, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expectPageFits(page, `the B2B marketplace's edit page at ${width} px`);
  }
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/#\/b2b$/);
  const landing = await page.request.get(`/svc/client/${orgName}`);
  expect(landing.ok()).toBe(true);
  expect(((await landing.json()) as { data: object }).data).toMatchObject({
    name,
    welcomeText: 'Buy and sell among Lakeside colleagues.',
    brandColor: '#7a1f5c',
    logoUrl: expect.stringMatching(/^\/svc\/files\/organizations\//),
    domains: [domain],
  });

  // The spec's /employee_benefit: no commission between members and a $12.50 welcome credit.
  await page.goto('/employee_benefit');
  await expect(page).toHaveURL(/\/admin\/#\/employee-benefit/);
  await openConsoleRecord(page, name, /#\/employee-benefit\/[^/?]+$/);
  await page.getByLabel('No commission on sales between members').check();
  await page.getByLabel('Welcome credit ($)').fill('500.01');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The welcome credit must be whole cents from $0.00 to $500.00')).toBeVisible();
  await page.getByLabel('Welcome credit ($)').fill('12.50');
  for (const width of [384, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expectPageFits(page, `the employee benefits' edit page at ${width} px`);
  }
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('$12.50');
});

// The console's list pages (the dashboard first), as the menu opens them.
const CONSOLE_LISTS = [
  '',
  'listings',
  'categories',
  'users',
  'organizations',
  'orders',
  'returns',
  'rewards',
  'promotions',
  'referral-farming',
  'payouts',
  'reviews',
  'rentals',
  'reports',
  'banners',
  'work-email-domains',
  'b2b',
  'employee-benefit',
  'employee-benefit-report',
  'audit-log',
];

test('every console list fits a 384 px phone and a 1280 px desktop, with an h1 and nothing for axe to find', async ({
  page,
}) => {
  // 28 pages with an axe pass each: 55 s on two cores (the other lane idle); it ran past 90 s
  // once beside an api suite on the same two cores.
  test.setTimeout(180_000);
  // A phone first: signed in at desktop width, the console would keep its menu open, and at
  // 384 px that menu is a modal drawer over the page.
  await page.setViewportSize({ width: 384, height: 800 });
  await logInToConsole(page, E2E_ADMIN);
  for (const width of [384, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const resource of CONSOLE_LISTS) {
      await page.goto(`/admin/#/${resource}`);
      // Loaded: the page's title in the one h1, its table (or the empty list's note), no spinner.
      await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
      const table = page.locator('main table, main .RaEmpty-message').filter({ visible: true });
      await expect(table.or(page.getByText('found using the current filters')).first()).toBeVisible();
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await expectPageFits(page, `/admin/#/${resource} at ${width} px`);
    }
  }
});
