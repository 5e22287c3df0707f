import AxeBuilder from '@axe-core/playwright';
import type { CategoryNode, LoginData } from '@yardly/shared/contract';
import { referralPath } from '@yardly/shared/rules';
import { E2E_ADMIN } from '../playwright.config';
import { CODE_MAIL, escapeHtml, headerMenu, newPerson, readCode, signInByApi } from './fixtures';
import { type APIRequestContext, expect, type Page, test } from './page-checks';

// Issue 16 §5, the storefront's part: the spec's routes, states and fallbacks as written.

async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    what,
  ).toEqual([]);
}

/** At the spec's narrowest width (384 px) nothing runs off the side of the page. */
async function expectFitsPhone(page: Page, what: string): Promise<void> {
  await page.setViewportSize({ width: 384, height: 800 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${what} at 384 px`).toBeLessThanOrEqual(384);
  await expectNoAxeViolations(page, `${what} at 384 px`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test('/taxonomy sends a guest home, and shows a signed-in person the taxonomy narrowed by the titles in the path', async ({
  page,
  request,
}) => {
  // Six axe passes over the whole taxonomy: beside the other lane on two cores this took 66 s in CI.
  test.slow();
  await page.goto('/taxonomy');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);

  const tree = ((await (await request.get('/svc/categories/all')).json()) as { data: CategoryNode[] }).data;
  expect(tree.length).toBeGreaterThan(1);
  // A category with a subcategory whose title holds a '/' where there is one: it travels as %2F.
  const category =
    tree.find((c) => c.subCategories.some((s) => s.categoryTitle.includes('/'))) ??
    tree.find((c) => c.subCategories.length > 0);
  if (!category) throw new Error('the seeded taxonomy has subcategories');
  const sub = category.subCategories.find((s) => s.categoryTitle.includes('/')) ?? category.subCategories[0];
  if (!sub) throw new Error('unreachable');

  await signInByApi(page, newPerson('Tamsin'));
  await page.goto('/taxonomy');
  await expect(page).toHaveURL(/\/taxonomy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Taxonomy' })).toBeVisible();
  const groups = page.getByRole('heading', { level: 2 });
  await expect(groups).toHaveCount(tree.length);
  for (const [index, top] of tree.entries()) {
    await expect(groups.nth(index)).toContainText(top.categoryTitle);
  }
  await expectNoAxeViolations(page, '/taxonomy');
  await expectFitsPhone(page, '/taxonomy');

  // A category's title narrows the view to it and its subcategories.
  await groups
    .filter({ hasText: new RegExp(`^${escapeRegExp(category.categoryTitle)} \\(`) })
    .getByRole('link')
    .click();
  await expect(page).toHaveURL(new RegExp(`/taxonomy/${escapeRegExp(encodeURIComponent(category.categoryTitle))}$`));
  await expect(page.getByRole('heading', { level: 1, name: category.categoryTitle, exact: true })).toBeVisible();
  await expect(groups).toHaveCount(1);
  const subLinks = page.locator('.category-tree__subs a');
  await expect(subLinks).toHaveCount(category.subCategories.length);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Taxonomy');
  await expectNoAxeViolations(page, '/taxonomy/{category}');

  // And a subcategory's title to that subcategory alone.
  await subLinks.filter({ hasText: sub.categoryTitle }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: sub.categoryTitle, exact: true })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(
    `/taxonomy/${encodeURIComponent(category.categoryTitle)}/${encodeURIComponent(sub.categoryTitle)}`,
  );
  await expect(subLinks).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'See the listings' })).toHaveAttribute(
    'href',
    new RegExp(`subcategory=${sub.categoryRefnum}`),
  );
  await expectNoAxeViolations(page, '/taxonomy/{category}/{subcategory}');
  await expectFitsPhone(page, '/taxonomy/{category}/{subcategory}');

  // Titles match whatever their case; a title that names nothing says so.
  await page.goto(`/taxonomy/${encodeURIComponent(category.categoryTitle.toUpperCase())}`);
  await expect(page.getByRole('heading', { level: 1, name: category.categoryTitle, exact: true })).toBeVisible();
  await page.goto('/taxonomy/No%20such%20category');
  await expect(page.getByText('There is no category named “No such category”.')).toBeVisible();
});

test('an invitation page has its own title, description and canonical link on the public origin', async ({
  page,
  baseURL,
}) => {
  const ann = await signInByApi(page, newPerson('Annika'));
  const path = referralPath('Annika', ann.userRefnum);
  const html = await (await page.request.get(path)).text();
  expect(html).toContain('<title>Annika invited you to Yardly | Yardly</title>');
  expect(html).toMatch(/<meta name="description" content="Annika invited you to Yardly, [^"]+"/);
  expect(html).toContain(`<link rel="canonical" href="${escapeHtml(`${baseURL}${path}`)}"`);

  // A link naming nobody belongs to the programme's page.
  const unknown = await (await page.request.get('/refer-a-friend/someone-U00000000000')).text();
  expect(unknown).toContain('<title>You are invited to Yardly | Yardly</title>');
  expect(unknown).toContain(`<link rel="canonical" href="${baseURL}/refer-a-friend"`);
});

test.describe('the IP-based fallback of the location (spec section 3)', () => {
  /** The zip the home page's rails are asked near, once they are. */
  function railsZip(page: Page): Promise<string | undefined> {
    return page
      .waitForRequest((r) => r.url().endsWith('/search/merch/v2'))
      .then((r) => (r.postDataJSON() as { zip?: string } | null)?.zip);
  }

  test('without a chosen place, the home page searches near where the IP address is, and keeps it', async ({
    page,
  }) => {
    // The api's table knows no address on this machine: it stands in for one that does.
    await page.route('**/svc/location/ip', (route) =>
      route.fulfill({ json: { code: 200, data: { ipZip: '11215', ipCity: 'Brooklyn', lat: 40.66, lng: -73.98 } } }),
    );
    const zips: (string | undefined)[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/search/merch/v2')) zips.push((r.postDataJSON() as { zip?: string } | null)?.zip);
    });
    await page.goto('/');
    // The rails come in as one scrolls down to them.
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expect.poll(() => zips).toContain('11215');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('yardly.ipLocation') ?? 'null'));
    expect(stored).toMatchObject({ ipZip: '11215', ipCity: 'Brooklyn', lat: 40.66, lng: -73.98 });
    // Not a chosen place: the chosen one stays empty, so choosing still matters.
    expect(await page.evaluate(() => localStorage.getItem('yardly.location'))).toBeNull();
  });

  test('an address the api does not know leaves the default, and a chosen place is never overridden', async ({
    page,
  }) => {
    const answered = page.waitForResponse((r) => r.url().endsWith('/svc/location/ip'));
    const firstZip = railsZip(page);
    await page.goto('/');
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    // The real api: loopback is no place.
    expect(((await (await answered).json()) as { data: unknown }).data).toEqual({
      ipZip: null,
      ipCity: null,
      lat: null,
      lng: null,
    });
    expect(await firstZip).toBeUndefined();

    let asked = false;
    await page.route('**/svc/location/ip', (route) => {
      asked = true;
      return route.fulfill({ json: { code: 200, data: { ipZip: '11215', ipCity: 'Brooklyn', lat: 1, lng: 1 } } });
    });
    await page.evaluate(() => {
      localStorage.removeItem('yardly.ipLocation');
      localStorage.setItem(
        'yardly.location',
        JSON.stringify({ zip: '10001', location: '40.75,-73.99', formattedAddress: 'New York, NY 10001, USA' }),
      );
    });
    const chosenZip = railsZip(page);
    await page.reload();
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    expect(await chosenZip).toBe('10001');
    await expect(headerMenu(page).getByRole('button', { name: /Your location/ })).toContainText('10001');
    expect(asked).toBe(false);
  });
});

/** A fresh access token (they live 3 seconds in these runs): one per call. */
async function bearer(request: APIRequestContext, who: { email: string; password: string }) {
  const login = await request.post('/svc/users/login', { data: { email: who.email, password: who.password } });
  expect(login.ok(), await login.text()).toBe(true);
  return { authorization: `Bearer ${((await login.json()) as { data: LoginData }).data.token}` };
}

test("an item whose seller's company is not verified shows the 'seller not verified' state", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const orgName = `Lantern Works ${suffix}`;
  const domain = `lantern-${suffix}.org`;

  // A verified organisation and its work-email domain, as an admin makes them.
  const org = await request.post('/svc/admin/organizations', {
    headers: await bearer(request, E2E_ADMIN),
    data: { name: orgName, status: 'VERIFIED', isB2B: false },
  });
  expect(org.ok(), await org.text()).toBe(true);
  // The console's REST dialect (ra-data-simple-rest): the record itself.
  const orgId = ((await org.json()) as { id: string }).id;
  const domainAdded = await request.post('/svc/admin/work-email-domains', {
    headers: await bearer(request, E2E_ADMIN),
    data: { domain, organizationId: orgId },
  });
  expect(domainAdded.ok(), await domainAdded.text()).toBe(true);

  // A member verifies their work email there and lists an item.
  const seller = newPerson('Wren');
  await signInByApi(page, seller);
  const workEmail = `wren@${domain}`;
  const sent = await request.post('/svc/users/verify-profession', {
    headers: await bearer(request, seller),
    data: { workEmail },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const code = await readCode(request, workEmail, CODE_MAIL.workEmail);
  const confirmed = await request.post('/svc/users/verify-profession-code', {
    headers: await bearer(request, seller),
    data: { workEmail, code },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);

  const tree = ((await (await request.get('/svc/categories/all')).json()) as { data: CategoryNode[] }).data;
  const subCategory = tree.find((c) => !c.restrictedElectronics)?.subCategories.find((s) => !s.restrictedElectronics);
  if (!subCategory) throw new Error('the seeded taxonomy has an ordinary subcategory');
  const draft = await request.get('/svc/listings/inputSourceRandomRefnum', { headers: await bearer(request, seller) });
  const { inputSourceRandomRefnum } = ((await draft.json()) as { data: { inputSourceRandomRefnum: string } }).data;
  const title = `Brass desk lamp ${suffix}`;
  const created = await request.post('/svc/listings/create/v2', {
    headers: await bearer(request, seller),
    data: {
      inputSourceRandomRefnum,
      listingTitle: title,
      listingDescription: 'A warm brass desk lamp in working order.',
      categoryRefnum: subCategory.categoryRefnum,
      condition: 'like_new',
      properties: {},
      listingPrice: 2500,
      weightLbs: 3,
      shippable: false,
      meetToDeliver: true,
      offerFreeDelivery: false,
      buyNow: true,
      zip: '10001',
      donation: false,
      draft: false,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { listingRefnum } = ((await created.json()) as { data: { listingRefnum: string } }).data;

  // While the company is verified, the item shows.
  await page.goto(`/${listingRefnum}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // The admin rejects the company: the item page shows the seller-not-verified state instead.
  const rejected = await request.put(`/svc/admin/organizations/${orgId}`, {
    headers: await bearer(request, E2E_ADMIN),
    data: { name: orgName, status: 'REJECTED', isB2B: false },
  });
  expect(rejected.ok(), await rejected.text()).toBe(true);
  for (const path of [`/${listingRefnum}`, `/itemdetails?refnum=${listingRefnum}`]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Seller not verified' })).toBeVisible();
    await expect(page.getByText(/works for a company that Yardly has not verified/)).toBeVisible();
    await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
  }
  await expectNoAxeViolations(page, 'the seller-not-verified state');
  await expectFitsPhone(page, 'the seller-not-verified state');
});
