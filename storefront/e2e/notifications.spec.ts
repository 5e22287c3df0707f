import AxeBuilder from '@axe-core/playwright';
import { newPerson, signInByApi } from './fixtures';
import { bearer, listItem } from './journeys';
import { expect, test } from './page-checks';

// Issue 17 §3, the storefront's part: /notifications lists what is new with its link and read
// state, and 'Mark all as read' empties the count; at 384 px, with nothing for axe to find.

test('the seller reads a new message on /notifications and marks all read (384 px)', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 384, height: 800 } });
  const page = await context.newPage();
  const seller = newPerson('Noor');
  const sellerLogin = await signInByApi(page, seller);
  const buyer = newPerson('Bea');
  await signInByApi(await (await browser.newContext()).newPage(), buyer);
  const listingRefnum = await listItem(page.request, seller, 'Oak side table', 4000);
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
