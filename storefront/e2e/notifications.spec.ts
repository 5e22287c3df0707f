import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, test } from '@playwright/test';
import type { CategoryNode, LoginData } from '@yardly/shared/contract';
import { newPerson, type Person, signInByApi } from './fixtures';

// Issue 17 §3, the storefront's part: /notifications lists what is new with its link and read
// state, and 'Mark all as read' empties the count; at 384 px, with nothing for axe to find.

async function bearer(request: APIRequestContext, who: Person) {
  const login = await request.post('/svc/users/login', { data: { email: who.email, password: who.password } });
  expect(login.ok(), await login.text()).toBe(true);
  return { authorization: `Bearer ${((await login.json()) as { data: LoginData }).data.token}` };
}

async function listItem(request: APIRequestContext, seller: Person, title: string) {
  const tree = ((await (await request.get('/svc/categories/all')).json()) as { data: CategoryNode[] }).data;
  const subCategory = tree.find((c) => !c.restrictedElectronics)?.subCategories.find((s) => !s.restrictedElectronics);
  if (!subCategory) throw new Error('the seeded taxonomy has an ordinary subcategory');
  const draft = await request.get('/svc/listings/inputSourceRandomRefnum', { headers: await bearer(request, seller) });
  const { inputSourceRandomRefnum } = ((await draft.json()) as { data: { inputSourceRandomRefnum: string } }).data;
  const created = await request.post('/svc/listings/create/v2', {
    headers: await bearer(request, seller),
    data: {
      inputSourceRandomRefnum,
      listingTitle: title,
      listingDescription: 'Oak, sturdy, a few marks on the top.',
      categoryRefnum: subCategory.categoryRefnum,
      condition: 'used',
      properties: {},
      listingPrice: 4000,
      weightLbs: 8,
      shippable: false,
      meetToDeliver: true,
      offerFreeDelivery: false,
      buyNow: false,
      zip: '10001',
      donation: false,
      draft: false,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return ((await created.json()) as { data: { listingRefnum: string } }).data.listingRefnum;
}

test('the seller reads a new message on /notifications and marks all read (384 px)', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 384, height: 800 } });
  const page = await context.newPage();
  const seller = newPerson('Noor');
  const sellerLogin = await signInByApi(page, seller);
  const buyer = newPerson('Bea');
  await signInByApi(await (await browser.newContext()).newPage(), buyer);
  const listingRefnum = await listItem(page.request, seller, 'Oak side table');
  const sent = await page.request.post('/svc/messages', {
    headers: await bearer(page.request, buyer),
    data: { listingRefnum, toRefnum: sellerLogin.userRefnum, text: 'Is it still available?' },
  });
  expect(sent.ok(), await sent.text()).toBe(true);

  await page.goto('/notifications');
  const link = page.getByRole('link', { name: 'New message about “Oak side table”: Is it still available?' });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', /^\/messages\/[\w-]+$/);
  await expect(page.getByText('1 unread notification', { exact: true })).toBeVisible();
  // Nothing is asked of the browser until the person chooses to.
  await expect(page.getByRole('button', { name: 'Turn on notifications' })).toBeVisible();

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(384);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByText('All caught up')).toBeVisible();
  await page.reload();
  await expect(page.getByText('All caught up')).toBeVisible();
  await context.close();
});
