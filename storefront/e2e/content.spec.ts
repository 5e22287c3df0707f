import AxeBuilder from '@axe-core/playwright';
import { commissionRate } from '@yardly/shared/rules';
import { commissionRows } from '../src/lib/commission-table';
import { CODE_MAIL, dialog, enterCode, headerMenu, hydrated, newPerson, readCode, signUp } from './fixtures';
import { expect, type Page, test } from './page-checks';

/** Every content route of issue 8 and the heading a person sees on it (donation flag off). */
const ROUTES: [path: string, heading: string][] = [
  ['/faq', 'Frequently Asked Questions'],
  ['/faq/signup', 'Sign Up FAQ'],
  ['/faq/selling', 'Selling FAQ'],
  ['/faq/buying', 'Buying FAQ'],
  ['/faq/accountsettings', 'Account Settings FAQ'],
  ['/faq/return', 'Return FAQ'],
  ['/faq/payment', 'Payment FAQ'],
  ['/faq/ordermanagement', 'Order Management FAQ'],
  ['/faq/legal', 'Legal FAQ'],
  ['/faq/rewards', 'Rewards FAQ'],
  ['/help', 'Rentals Help'],
  ['/about-us', 'About Us'],
  ['/contact-us', 'Contact Us'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/return-policy', 'Return Policy'],
  ['/shipping-policy', 'Shipping Policy'],
  ['/terms-and-conditions', 'Terms and Conditions'],
  ['/facebook-data-deletion', 'Facebook Data Deletion'],
  ['/sitemap', 'Sitemap'],
  ['/why-yardly', 'Why Yardly?'],
  ['/student', 'Yardly for Students'],
  ['/refer-a-friend', 'Refer a Friend'],
  ['/refer-a-friend/someone-U00000000000', 'You are invited to Yardly'],
  ['/blog', 'The Yardly Blog'],
  ['/blog/category', 'Blog Categories'],
  ['/blog/category/selling', 'Selling posts'],
  ['/blog/category/donating', 'Donating posts'],
  ['/blog/pricing-used-items', 'How to price used items so they sell'],
  ['/blog/selling-safely-meeting-buyers', 'Selling safely: how to meet buyers with confidence'],
];

/** Links into the donation feature (the blog's advice on donating is not one). */
const DONATION_FEATURE_LINKS = [
  'a[href^="/why-donate"]',
  'a[href^="/faq/donation"]',
  'a[href^="/donation"]',
  'a[href^="/confirm-donation"]',
].join(', ');

/** The pages Lighthouse and axe hold to 100 (scripts/audit-pages.mjs audits the same). */
const AUDITED = ['/', '/faq', '/faq/selling', '/blog', '/blog/pricing-used-items', '/terms-and-conditions'];

async function expectHome(page: Page) {
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Great finds from your neighbours' })).toBeVisible();
}

test('every content page answers 200 with its heading, breadcrumbs and the footer links', async ({ page }) => {
  for (const [path, heading] of ROUTES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
    await expect(
      page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }),
    ).toBeVisible();
    const footer = page.getByRole('navigation', { name: 'Footer' });
    // Each footer leads to the other section too (issue 33: nothing in the marketplace linked to Rentals).
    const expected =
      path === '/help' ? ['Contact Us', 'Help', 'Marketplace'] : ['Contact Us', 'Blog', 'FAQ', 'Rentals'];
    await expect(footer.getByRole('link'), path).toHaveText(expected);
  }
});

test('the FAQ shows its topic tiles, each topic its answers and the contact line', async ({ page }) => {
  await page.goto('/faq');
  await expect(page.locator('.tile .tile__title')).toHaveText([
    'Sign Up',
    'Selling',
    'Buying',
    'Account Settings',
    'Return',
    'Payment',
    'Order Management',
    'Legal',
    'Rewards',
  ]);
  await page.getByRole('link', { name: /^Return/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Return FAQ');
  await expect(page.getByText('refund is on its way and reaches your card in 5-10 days')).toBeVisible();
  const contact = page.getByText("Can't find what you need?");
  await expect(contact.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact-us');

  await page.goto('/faq/legal');
  await expect(page.getByRole('link', { name: 'Terms and Conditions' }).first()).toHaveAttribute(
    'href',
    '/terms-and-conditions',
  );
});

test('the selling FAQ shows the commission table the api charges with', async ({ page }) => {
  await page.goto('/faq/selling');
  const table = page.getByRole('table', { name: "Yardly's commission by sale price" });
  const rows = commissionRows();
  await expect(table.locator('tbody tr')).toHaveCount(rows.length);
  for (const [index, row] of rows.entries()) {
    await expect(table.locator('tbody tr').nth(index)).toHaveText(`${row.range}${row.rate}`);
  }
  // The $15 band: what commissionRate charges is what the page says.
  await expect(table.locator('tbody tr').nth(1)).toContainText(`${Math.round(commissionRate(1500) * 100)}%`);
  await expect(page.getByText('the offer expires')).toBeVisible();
  await expect(page.getByText('each up to 10MB')).toBeVisible();
  await expect(page.getByText('Items heavier than 20 lbs.')).toBeVisible();
});

test('any other /faq/ sub-path goes home; with the donation flag off, so does /faq/donation', async ({ page }) => {
  await page.goto('/faq/nonsense');
  await expectHome(page);
  await page.goto('/faq/selling/extra');
  await expectHome(page);
  await page.goto('/faq/donation');
  await expectHome(page);
});

test('with the donation flag off (the default), no donation link anywhere and every donation page is not found', async ({
  page,
  pageChecks,
}) => {
  for (const path of ['/', ...ROUTES.map(([p]) => p)]) {
    await page.goto(path);
    await hydrated(headerMenu(page).getByRole('link').first());
    await expect(page.locator(DONATION_FEATURE_LINKS), path).toHaveCount(0);
    await expect(page.getByRole('link', { name: /why donate/i }), path).toHaveCount(0);
  }
  const donationPages = [
    '/why-donate',
    '/confirm-donation?listingRefnum=L00000000001&donarRefnum=U00000000001&recipientRefnum=U00000000002&itemZip=10001',
    '/myquest/messages/L00000000001_U00000000001_U00000000002',
    '/donation',
    '/donation/process-donations',
  ];
  for (const path of donationPages) {
    pageChecks.expectNotFound(path);
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
});

test('a logged-out deep link opens the login dialog, and goes on to the dashboard after log in', async ({
  page,
  request,
}) => {
  // Someone with an account, signed up in another browser context's cookies-free api call flow.
  const bo = newPerson('Bo');
  await page.goto('/');
  await hydrated(headerMenu(page).getByRole('button', { name: 'Sign up', exact: true }));
  const verify = await signUp(page, bo);
  await enterCode(verify, await readCode(request, bo.email, CODE_MAIL.verify), 'Verify');
  await expect(headerMenu(page).getByRole('button', { name: 'Hi, Bo', exact: true })).toBeVisible();
  await page.evaluate(() => window.localStorage.clear());

  await page.goto('/faq/buying');
  await hydrated(headerMenu(page).getByRole('link').first());
  await page.getByRole('link', { name: 'your open offers' }).click();
  const login = dialog(page, 'Log in');
  await expect(login).toBeVisible();
  // The address no longer asks for the dialog: a reload does not open it again.
  await expect(page).toHaveURL(/\/faq\/buying\/?$/);
  await login.getByLabel('Email', { exact: true }).fill(bo.email);
  await login.getByLabel('Password', { exact: true }).fill(bo.password);
  await login.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/myquest\/buying\?buyFilter=OPEN_OFFFERS&page=1&size=10$/);
  // A working page: the buying dashboard on its open offers (none yet).
  await expect(page.getByRole('combobox', { name: 'Show' })).toHaveValue('OPEN_OFFFERS');
  await expect(page.getByText('No listings to display')).toBeVisible();
});

test('the contact form checks its fields, sends the message and confirms it', async ({ page, request }) => {
  await page.goto('/contact-us');
  const form = page.locator('form.contact-form');
  const send = await hydrated(form.getByRole('button', { name: 'Send message' }));
  await send.click();
  await expect(form.getByText('Please enter your name')).toBeVisible();
  await expect(form.getByText('Please enter valid email address')).toBeVisible();
  await expect(form.getByText('Please enter a subject')).toBeVisible();

  const email = newPerson('Cleo').email;
  await form.getByLabel('Your name').fill('Cleo Park');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Subject').fill('Pickup question');
  await form.getByLabel('Message').fill('Can I change the pickup place after my offer is accepted?');
  await send.click();
  await expect(page.getByRole('status').filter({ hasText: 'Your message has reached our support team' })).toBeVisible();

  // Without SMTP_URL the mail to support is in the dev outbox once its job ran: the dev clock
  // call runs the due jobs and answers when they are done.
  expect((await request.post('/svc/dev/clock', { data: { advanceMinutes: 0 } })).ok()).toBe(true);
  const outbox = await request.get('/svc/dev/outbox?to=support@yardly.local');
  const { data } = (await outbox.json()) as { data: { subject: string; text: string }[] };
  expect(data.some((mail) => mail.subject.endsWith('Pickup question') && mail.text.includes(email))).toBe(true);
});

test('a friend arriving on a referral link sees who invited them, and signing up records it', async ({
  page,
  request,
}) => {
  const ann = newPerson('Ann');
  await page.goto('/');
  await hydrated(headerMenu(page).getByRole('button', { name: 'Sign up', exact: true }));
  const verify = await signUp(page, ann);
  const verified = page.waitForResponse((r) => r.url().endsWith('/svc/users/verify-email'));
  await enterCode(verify, await readCode(request, ann.email, CODE_MAIL.verify), 'Verify');
  const { data } = (await (await verified).json()) as { data: { userRefnum: string } };
  const refnum = data.userRefnum;
  expect(refnum).toMatch(/^U/);
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());

  await page.goto(`/refer-a-friend/ann-${refnum}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ann invited you to Yardly');
  await (await hydrated(page.getByRole('button', { name: 'Sign up and get started' }))).click();
  const friend = newPerson('Finn');
  const form = dialog(page, 'Sign up');
  await form.getByLabel('First name').fill(friend.nameFirst);
  await form.getByLabel('Last name').fill(friend.nameLast);
  await form.getByLabel('Email', { exact: true }).fill(friend.email);
  await form.getByLabel('Password', { exact: true }).fill(friend.password);
  let sent: unknown = null;
  await page.route('**/svc/users/signup', async (route) => {
    sent = JSON.parse(route.request().postDataBuffer()?.toString('utf8') ?? 'null');
    await route.continue();
  });
  await form.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(dialog(page, 'Verify your email')).toBeVisible();
  expect(sent).toMatchObject({ email: friend.email, referralCode: `ann-${refnum}` });
  // Used: a later sign-up in this browser is nobody's referral.
  expect(await page.evaluate(() => localStorage.getItem('yardly.referral'))).toBeNull();
});

test('the audited pages have no axe violations', async ({ page }) => {
  for (const path of AUDITED) {
    await page.goto(path);
    await hydrated(headerMenu(page).getByRole('link').first());
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      path,
    ).toEqual([]);
  }
});

test('the blog lists its posts by category and publishes an RSS feed', async ({ page, request }) => {
  await page.goto('/blog');
  await expect(page.getByRole('article')).toHaveCount(6);
  await page.getByRole('navigation', { name: 'Blog categories' }).getByRole('link', { name: 'Renting' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Renting posts');
  await page.getByRole('link', { name: /Renting out a room/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Renting out a room: a practical checklist for first-time landlords',
  );
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /spare room/);
  await expect(page).toHaveTitle('Renting out a room: a practical checklist for first-time landlords | Yardly');

  const feed = await request.get('/blog/rss.xml');
  expect(feed.status()).toBe(200);
  const xml = await feed.text();
  expect(xml).toContain('<title>The Yardly Blog</title>');
  expect(xml.match(/<item>/g)).toHaveLength(6);
});
