import { formatCents } from '@yardly/shared/rules';
import { dialog, hydrated } from './fixtures';
import { expectPageFits, listItem, sellerAndBuyer } from './journeys';
import { expect, type Page, test } from './page-checks';

// Issue 18's saved cards in the storefront, with the built-in test provider: a card saved when it
// pays ("Save this card for next time"), listed in Account Settings, paying the next purchase
// without being typed again, and deleted there. The checkout's policy lets no Stripe.js in.

const VIEWPORTS = [
  { name: 'wide', width: 1280, height: 800 },
  { name: '384 px', width: 384, height: 800 },
] as const;

/** The checkout of a Buy Now item, from its page (hydrated first: the item page's islands wake on demand). */
async function checkoutOf(page: Page, listingRefnum: string): Promise<void> {
  await page.goto(`/${listingRefnum}`);
  await (await hydrated(page.getByRole('link', { name: 'Buy Now' }))).click();
  await expect(page).toHaveURL(`/checkout?itemRefnum=${listingRefnum}`);
  await expect(page.getByRole('button', { name: /^Pay \$/ })).toBeEnabled();
}

async function thankYou(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
}

/** What the payment panel of the checkout shows (role 'form', named 'Card'). */
const cardForm = (page: Page) => page.getByRole('form', { name: 'Card' });

for (const viewport of VIEWPORTS) {
  test(`a card saved when it pays pays the next item without typing, and is gone from checkout once deleted in settings (${viewport.name})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const { seller, buyer } = await sellerAndBuyer(browser, viewport, 'Sage', 'Bryn');
    const { page } = buyer;
    const stamp = Date.now().toString(36);
    const [first, second, third] = await Promise.all(
      [1500, 2200, 900].map((price, i) =>
        listItem(request, seller.person, `Clay pot ${i + 1} ${stamp}`, price, { buyNow: true }),
      ),
    );
    if (!first || !second || !third) throw new Error('three listings');
    const stripeRequests: string[] = [];
    page.on('request', (r) => {
      if (/stripe\.com/.test(r.url())) stripeRequests.push(r.url());
    });
    const confirms: number[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('/svc/payment/test-provider/confirm')) confirms.push(r.status());
    });

    // The checkout's policy with the test provider: the page's own scripts only, nothing of Stripe.
    const response = await page.goto(`/checkout?itemRefnum=${first}`);
    const policies = (await response?.headersArray())
      ?.filter((h) => h.name.toLowerCase() === 'content-security-policy')
      .map((h) => h.value)
      .join(' | ');
    expect(policies).toMatch(/script-src 'self' 'sha256-/);
    expect(policies).not.toContain('stripe');

    // No saved card yet: the card form, and the box to keep the card.
    await checkoutOf(page, first);
    const form = cardForm(page);
    await expect(form.getByRole('group', { name: 'Pay with' })).toHaveCount(0);
    await form.getByLabel('Card number').fill('4242 4242 4242 4242');
    await form.getByLabel('Expiry (MM/YY)').pressSequentially('430');
    await form.getByLabel('CVC').fill('123');
    await form.getByRole('checkbox', { name: 'Save this card for next time' }).check();
    await expectPageFits(page, 'checkout with a new card to save');
    await form.getByRole('button', { name: `Pay ${formatCents(1500)}` }).click();
    await thankYou(page);

    // Account Settings lists it.
    await page.goto('/settings/account');
    const cards = page.getByRole('region', { name: 'Payment cards' });
    const saved = cards.getByRole('listitem');
    await expect(saved).toHaveCount(1);
    await expect(saved).toContainText('Visa');
    await expect(saved).toContainText('4242');
    await expect(saved).toContainText('exp. 04/30');
    await expectPageFits(page, 'Account Settings with a payment card');

    // The next item: the saved card is chosen, nothing is typed, Pay places the order.
    await checkoutOf(page, second);
    const payWith = cardForm(page).getByRole('group', { name: 'Pay with' });
    await expect(payWith.getByRole('radio', { name: 'Visa ending in 4242, exp. 04/30' })).toBeChecked();
    await expect(payWith.getByRole('radio', { name: 'Use a new card' })).not.toBeChecked();
    await expect(cardForm(page).getByLabel('Card number')).toHaveCount(0);
    await expectPageFits(page, 'checkout with a saved card');
    await cardForm(page)
      .getByRole('button', { name: `Pay ${formatCents(2200)}` })
      .click();
    await thankYou(page);
    await expect(page.getByRole('region', { name: 'Order', exact: true })).toContainText('Awaiting pickup');
    // The card form confirmed the first payment only; the saved card paid through createPI.
    expect(confirms.filter((status) => status !== 401)).toEqual([200]);

    // Deleted in settings (asked first), it is gone, and gone from the next checkout.
    await page.goto('/settings/account');
    await cards.getByRole('button', { name: 'Delete Visa ending in 4242' }).click();
    const confirm = dialog(page, 'Please confirm');
    await expect(confirm).toContainText('Are you sure you want to delete this card?');
    await expectPageFits(page, 'deleting a payment card');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByRole('status').getByText('Successfully deleted card')).toBeVisible();
    await expect(cards.getByRole('listitem')).toHaveCount(0);
    await expect(cards).toContainText('You have no saved payment cards.');
    await expectPageFits(page, 'Account Settings without a payment card');

    await checkoutOf(page, third);
    await expect(cardForm(page).getByRole('group', { name: 'Pay with' })).toHaveCount(0);
    await expect(cardForm(page).getByLabel('Card number')).toBeVisible();
    expect(stripeRequests).toEqual([]);
  });
}

test('a new card without "save this card" is not kept', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { seller, buyer } = await sellerAndBuyer(browser, VIEWPORTS[0], 'Sven', 'Bess');
  const listingRefnum = await listItem(request, seller.person, `Tin jug ${Date.now().toString(36)}`, 1100, {
    buyNow: true,
  });
  const { page } = buyer;
  await checkoutOf(page, listingRefnum);
  const form = cardForm(page);
  await form.getByLabel('Card number').fill('4242 4242 4242 4242');
  await form.getByLabel('Expiry (MM/YY)').pressSequentially('430');
  await form.getByLabel('CVC').fill('123');
  await expect(form.getByRole('checkbox', { name: 'Save this card for next time' })).not.toBeChecked();
  await form.getByRole('button', { name: `Pay ${formatCents(1100)}` }).click();
  await thankYou(page);
  await page.goto('/settings/account');
  await expect(page.getByRole('region', { name: 'Payment cards' })).toContainText('You have no saved payment cards.');
});
