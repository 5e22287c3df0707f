import type { CheckoutDeliveryOption } from '@yardly/shared/contract';
import { commissionCents, formatCents } from '@yardly/shared/rules';
import { cards, dialog, hydrated } from './fixtures';
import { bearer, expectPageFits, listItem, personIn, type SaleTerms, sellerAndBuyer } from './journeys';
import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from './page-checks';

// Issue 18 in the storefront: Buy Now with the built-in test provider's card form, the
// confirmation, the seller's sale on My Dashboard; a declined card; an accepted offer paid at
// its price; a local sale handed over with the buyer's pickup code.

const VIEWPORTS = [
  { name: 'wide', width: 1280, height: 800 },
  { name: '384 px', width: 384, height: 800 },
] as const;
const WIDE = VIEWPORTS[0];

function cardTitled(scope: Page | Locator, title: string): Locator {
  const page = 'goto' in scope ? scope : scope.page();
  return cards(scope).filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

function toast(page: Page, text: string): Locator {
  return page.getByRole('status').getByText(text);
}

/** The card form: a number, MM/YY typed digit by digit (the form adds the slash), a CVC; then Pay. */
async function payWith(page: Page, number: string, total: number): Promise<void> {
  const form = page.getByRole('form', { name: 'Card' });
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry (MM/YY)').fill('');
  await form.getByLabel('Expiry (MM/YY)').pressSequentially('430');
  await expect(form.getByLabel('Expiry (MM/YY)')).toHaveValue('04/30');
  await form.getByLabel('CVC').fill('123');
  await form.getByRole('button', { name: `Pay ${formatCents(total)}` }).click();
}

/** The checkout's Buy Now from the item page (hydrated first: the item page's islands wake on demand). */
async function buyNowFromItemPage(page: Page, listingRefnum: string): Promise<void> {
  await page.goto(`/${listingRefnum}`);
  await (await hydrated(page.getByRole('link', { name: 'Buy Now' }))).click();
  await expect(page).toHaveURL(`/checkout?itemRefnum=${listingRefnum}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
}

async function shippingOption(page: Page, listingRefnum: string): Promise<CheckoutDeliveryOption> {
  const response = await page.request.get(`/svc/listing/deliveryoptions?listingRefnum=${listingRefnum}`);
  expect(response.ok(), await response.text()).toBe(true);
  const { options } = ((await response.json()) as { data: { options: CheckoutDeliveryOption[] } }).data;
  const ship = options.find((o) => o.method === 'ship');
  if (!ship) throw new Error('the listing ships');
  return ship;
}

/** A seller with a live listing (a fresh title) and a buyer, each signed in in their own browser. */
async function aSale(
  browser: Browser,
  request: APIRequestContext,
  names: { seller: string; buyer: string; item: string },
  priceCents: number,
  terms: Partial<SaleTerms>,
  viewport: { width: number; height: number } = WIDE,
) {
  const { seller, buyer } = await sellerAndBuyer(browser, viewport, names.seller, names.buyer);
  const title = `${names.item} ${Date.now().toString(36)}`;
  const listingRefnum = await listItem(request, seller.person, title, priceCents, terms);
  return { seller, buyer, title, listingRefnum };
}

/** A Buy Now sale (aSale) with the buyer already on its checkout page. */
async function aBuyNowCheckout(
  browser: Browser,
  request: APIRequestContext,
  names: { seller: string; buyer: string; item: string },
  priceCents: number,
) {
  const sale = await aSale(browser, request, names, priceCents, { buyNow: true });
  await buyNowFromItemPage(sale.buyer.page, sale.listingRefnum);
  return sale;
}

for (const viewport of VIEWPORTS) {
  test(`a buyer buys with 4242… and sees the confirmation; the seller has the sale to ship (${viewport.name})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const { seller, buyer, title, listingRefnum } = await aSale(
      browser,
      request,
      { seller: 'Sal', buyer: 'Bo', item: 'Walnut desk' },
      2500,
      {
        shippable: true,
        meetToDeliver: false,
        buyNow: true,
      },
      viewport,
    );
    const ship = await shippingOption(buyer.page, listingRefnum);
    const total = 2500 + ship.priceCents;

    await buyNowFromItemPage(buyer.page, listingRefnum);
    const item = buyer.page.getByRole('region', { name: 'Your item' });
    await expect(item).toContainText(title);
    await expect(item).toContainText('$25.00');
    await expect(
      buyer.page.getByRole('radio', { name: `${ship.label} ${formatCents(ship.priceCents)}` }),
    ).toBeChecked();
    // No saved address yet: the account's form adds one, and it is chosen.
    const shipTo = buyer.page.getByRole('group', { name: 'Ship to' });
    await expect(shipTo).toContainText('Choose a shipping address');
    await shipTo.getByRole('button', { name: 'Add New Address' }).click();
    const form = dialog(buyer.page, 'Add New Address');
    await form.getByLabel('First name').fill('Bo');
    await form.getByLabel('Last name').fill('Tester');
    await form.getByLabel('Address line 1').fill('1 Main St');
    await form.getByLabel('City').fill('New York');
    await form.getByLabel('State').fill('New York');
    await form.getByLabel('Zip code').fill('10001');
    await form.getByLabel('Phone number').fill('5551234567');
    await form.getByRole('button', { name: 'Save address' }).click();
    await expect(form).toBeHidden();
    await expect(shipTo.getByRole('radio', { name: /Bo Tester, 1 Main St/ })).toBeChecked();

    // The api's total: the item and its shipping.
    const amounts = item.getByRole('definition');
    await expect(amounts).toHaveText(['$25.00', formatCents(ship.priceCents), formatCents(total)]);
    await expect(buyer.page.getByRole('note', { name: 'Test mode' })).toContainText(
      'Payments are in test mode: no real card is charged.',
    );
    await expect(buyer.page.getByRole('note', { name: 'Test mode' })).toContainText('4000 0000 0000 0002');
    // The brand shows as the number is typed; the number is grouped by four.
    const number = buyer.page.getByLabel('Card number');
    await number.fill('4242424242424242');
    await expect(number).toHaveValue('4242 4242 4242 4242');
    await expect(buyer.page.getByText('Brand: Visa')).toBeVisible();
    // The card's rules before anything is sent.
    await buyer.page.getByRole('button', { name: `Pay ${formatCents(total)}` }).click();
    await expect(buyer.page.getByText('Your card’s expiration date is invalid. Use MM/YY.')).toBeVisible();
    await expect(buyer.page.getByText('Your card’s security code is invalid.')).toBeVisible();
    await expectPageFits(buyer.page, 'checkout');

    await payWith(buyer.page, '4242 4242 4242 4242', total);
    await expect(buyer.page).toHaveURL(/\/orderconfirmation\?listingRefnum=\w+&orderId=\w+$/);
    expect(new URL(buyer.page.url()).searchParams.get('listingRefnum')).toBe(listingRefnum);
    await expect(buyer.page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
    const facts = buyer.page.getByRole('region', { name: 'Order', exact: true });
    await expect(facts).toContainText('Paid, to be shipped');
    await expect(facts).toContainText('Bo Tester, 1 Main St');
    await expect(buyer.page.getByRole('region', { name: 'Your item' })).toContainText(formatCents(total));
    await expect(buyer.page.getByRole('region', { name: 'Your pickup code' })).toHaveCount(0);
    await expectPageFits(buyer.page, 'order confirmation');

    // The buyer's dashboard has it in progress; the seller's under ACTIVE_AND_TO_BE_SHIPPED, with Cancel order.
    await buyer.page.goto('/myquest/buying?buyFilter=IN_PROGRESS');
    await expect(cardTitled(buyer.page, title)).toContainText('Paid, to be shipped');
    await expect(cardTitled(buyer.page, title).getByRole('button', { name: /Cancel order/ })).toHaveCount(0);
    await seller.page.goto('/myquest/selling?sellFilter=ACTIVE_AND_TO_BE_SHIPPED');
    const sales = seller.page.getByRole('region', { name: 'Your sales' });
    const sale = cardTitled(sales, title);
    await expect(sale).toContainText('Paid, to be shipped');
    await expect(sale).toContainText(`Buyer: ${buyer.person.nameFirst}`);
    // What was paid, as the card lists it (issue 33): the total last.
    await expect(sale.getByRole('term').last()).toHaveText('Total');
    await expect(sale.getByRole('definition').last()).toHaveText(formatCents(total));
    await expect(sale.getByRole('button', { name: `Cancel order: ${title}` })).toBeVisible();
    await expectPageFits(seller.page, 'My Dashboard, sales to ship');

    // Sold: nobody else can buy it.
    const guest = await browser.newPage({ viewport });
    await guest.goto(`/${listingRefnum}`);
    await expect(guest.getByText('This item is no longer available.')).toBeVisible();
    await expect(guest.getByRole('link', { name: 'Buy Now' })).toHaveCount(0);
    await expect(guest.getByRole('button', { name: 'Buy Now' })).toHaveCount(0);
  });
}

test('a declined card shows the decline beside the card and leaves the item buyable; another card pays', async ({
  browser,
  request,
  pageChecks,
}) => {
  test.setTimeout(120_000);
  pageChecks.allow({
    url: '/svc/payment/test-provider/confirm',
    status: 402,
    reason: 'the declined and the insufficient-funds cards answer 402 (Payment Required), as the journey means',
  });
  const { buyer, listingRefnum } = await aBuyNowCheckout(
    browser,
    request,
    { seller: 'Sid', buyer: 'Bex', item: 'Cane chair' },
    1800,
  );
  await expect(buyer.page.getByRole('radio', { name: 'Local pickup' })).toBeChecked();
  await payWith(buyer.page, '4000 0000 0000 0002', 1800);
  await expect(buyer.page.getByRole('form', { name: 'Card' }).getByRole('alert')).toHaveText('Your card was declined.');
  await expect(buyer.page).toHaveURL(/\/checkout\?/);
  await payWith(buyer.page, '4000 0000 0000 9995', 1800);
  await expect(buyer.page.getByRole('form', { name: 'Card' }).getByRole('alert')).toHaveText(
    'Your card has insufficient funds.',
  );

  // Still for sale: a guest sees Buy Now on the item page, and is asked to log in first.
  const guest = await browser.newPage({ viewport: WIDE });
  await guest.goto(`/${listingRefnum}`);
  await (await hydrated(guest.getByRole('button', { name: 'Buy Now' }))).click();
  await expect(dialog(guest, 'Log in')).toBeVisible();

  // The same payment, another card.
  await payWith(buyer.page, '4242 4242 4242 4242', 1800);
  await expect(buyer.page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  await expect(buyer.page.getByRole('region', { name: 'Order', exact: true })).toContainText('Awaiting pickup');
});

test('an order that did not get placed is placed on retry, after a reload, without asking for the card again', async ({
  browser,
  request,
  pageChecks,
}) => {
  test.setTimeout(120_000);
  pageChecks.allowConsole(/Could not place the order/, 'the journey makes the first placing fail on purpose');
  const { buyer } = await aBuyNowCheckout(browser, request, { seller: 'Sia', buyer: 'Rex', item: 'Tin bucket' }, 1200);
  // The card authorises the payment once (a 401 is the expired token's, retried after a refresh)...
  const confirmed: number[] = [];
  buyer.page.on('response', (response) => {
    if (response.url().endsWith('/svc/payment/test-provider/confirm')) confirmed.push(response.status());
  });
  // ...then the connection drops before the order is placed.
  let placing = 0;
  await buyer.page.route('**/svc/offer/pay-and-pickup', async (route) => {
    placing += 1;
    if (placing === 1) await route.abort('connectionreset');
    else await route.continue();
  });
  await payWith(buyer.page, '4242 4242 4242 4242', 1200);
  await expect(buyer.page.getByRole('alert').filter({ hasText: 'There was an error, please try again' })).toBeVisible();

  // A reload resumes the same attempt: the same payment, already authorised.
  await buyer.page.reload();
  const card = buyer.page.getByRole('form', { name: 'Card' });
  await expect(card).toContainText('Your card has authorised this payment.');
  await expect(card.getByLabel('Card number')).toHaveCount(0);
  await card.getByRole('button', { name: 'Pay $12.00' }).click();
  await expect(buyer.page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  expect(confirmed.filter((status) => status !== 401)).toEqual([200]);
});

test('an accepted offer is paid at its price from Pay now', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { seller, buyer, title, listingRefnum } = await aSale(
    browser,
    request,
    { seller: 'Sam', buyer: 'Bea', item: 'Brass lamp' },
    4000,
    {},
  );
  const made = await request.post('/svc/offer/create/v2', {
    headers: await bearer(request, buyer.person),
    data: { listingRefnum, offerPrice: 3250 },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const { offerRefnum } = ((await made.json()) as { data: { offerRefnum: string } }).data;
  const accepted = await request.post('/svc/offer/accept', {
    headers: await bearer(request, seller.person),
    data: { offerRefnum },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);

  await buyer.page.goto('/myquest/buying?buyFilter=IN_PROGRESS');
  const offered = cardTitled(buyer.page, title);
  await expect(offered).toContainText('Accepted');
  await offered.getByRole('link', { name: `Pay now for ${title}` }).click();
  await expect(buyer.page).toHaveURL(`/checkout?itemRefnum=${listingRefnum}&offerRefnum=${offerRefnum}`);
  const item = buyer.page.getByRole('region', { name: 'Your item' });
  await expect(item.getByRole('term')).toHaveText(['Your accepted offer', 'Shipping', 'Total']);
  await expect(item.getByRole('definition')).toHaveText(['$32.50', 'Free', '$32.50']);
  await payWith(buyer.page, '4242 4242 4242 4242', 3250);
  await expect(buyer.page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  await expect(buyer.page.getByRole('region', { name: 'Your item' }).getByRole('definition')).toHaveText([
    '$32.50',
    'Free',
    '$32.50',
  ]);
  // Paid: no Pay now any more.
  await buyer.page.goto('/myquest/buying?buyFilter=IN_PROGRESS');
  await expect(cardTitled(buyer.page.getByRole('region', { name: 'Your orders' }), title)).toContainText(
    'Awaiting pickup',
  );
  await expect(buyer.page.getByRole('link', { name: `Pay now for ${title}` })).toHaveCount(0);
});

test('a local sale: the buyer gets a pickup code and the seller enters it at the handoff', async ({
  browser,
  request,
  pageChecks,
}) => {
  test.setTimeout(120_000);
  pageChecks.allow({ url: '/svc/orders/confirm-pickup', status: 400, reason: 'the seller first types a wrong code' });
  const { seller, buyer, title } = await aBuyNowCheckout(
    browser,
    request,
    { seller: 'Sue', buyer: 'Ben', item: 'Garden bench' },
    6000,
  );
  await payWith(buyer.page, '4242 4242 4242 4242', 6000);
  const codeRegion = buyer.page.getByRole('region', { name: 'Your pickup code' });
  await expect(codeRegion).toContainText('show them this code');
  const code = (await codeRegion.locator('.pickup-code').textContent()) ?? '';
  expect(code).toMatch(/^\d{6}$/);
  await expect(buyer.page.getByRole('region', { name: 'Order', exact: true })).toContainText('Awaiting pickup');
  await expectPageFits(buyer.page, 'order confirmation with a pickup code');

  await seller.page.goto('/myquest/selling?sellFilter=ACTIVE_AND_TO_BE_SHIPPED');
  const sale = cardTitled(seller.page.getByRole('region', { name: 'Your sales' }), title);
  await expect(sale).toContainText('Awaiting pickup');
  const handoff = sale.getByRole('form', { name: `Pickup code for ${title}` });
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await handoff.getByLabel("Buyer's pickup code").fill(wrong);
  await handoff.getByRole('button', { name: 'Confirm pickup' }).click();
  await expect(handoff.getByRole('alert')).toHaveText('That pickup code is not right. Check it with the buyer');
  await handoff.getByLabel("Buyer's pickup code").fill(code);
  await handoff.getByRole('button', { name: 'Confirm pickup' }).click();
  await expect(toast(seller.page, 'Pickup confirmed: the order is delivered')).toBeVisible();
  await expect(sale).toContainText('Delivered');
  await expect(sale.getByRole('form')).toHaveCount(0);
  // The order's page: the seller's share after the commission.
  await sale.getByRole('link', { name: `Order details: ${title}` }).click();
  await expect(seller.page).toHaveURL(/\/orders\/\w+$/);
  await expect(seller.page.getByRole('heading', { level: 1, name: 'Order details' })).toBeVisible();
  const share = seller.page.getByRole('definition');
  await expect(seller.page.getByRole('region', { name: 'Order', exact: true })).toContainText('Delivered');
  await expect(share.last()).toHaveText(formatCents(6000 - commissionCents(6000)));
  await expectPageFits(seller.page, 'an order’s page (seller)');

  // The buyer's order reads delivered.
  await buyer.page.reload();
  await expect(buyer.page.getByRole('region', { name: 'Order', exact: true })).toContainText('Delivered');
});

test('the seller cancels a sale before shipping: asked first, the buyer refunded', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { seller, buyer, title } = await aBuyNowCheckout(
    browser,
    request,
    { seller: 'Sol', buyer: 'Bri', item: 'Oak crate' },
    1500,
  );
  await payWith(buyer.page, '4242 4242 4242 4242', 1500);
  await expect(buyer.page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();

  await seller.page.goto('/myquest/selling?sellFilter=ACTIVE_AND_TO_BE_SHIPPED');
  const sale = cardTitled(seller.page.getByRole('region', { name: 'Your sales' }), title);
  await sale.getByRole('button', { name: `Cancel order: ${title}` }).click();
  const confirm = dialog(seller.page, 'Please confirm');
  await expect(confirm).toContainText('The buyer is refunded in full');
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(toast(seller.page, 'Order cancelled: the buyer is refunded in full')).toBeVisible();
  await expect(sale).toContainText('Cancelled (refunded)');

  await buyer.page.goto('/myquest/buying?buyFilter=CANCELLED');
  await expect(cardTitled(buyer.page, title)).toContainText('Cancelled (refunded)');
});

test('an item bought by someone else meanwhile: Pay says plainly it is no longer available', async ({
  browser,
  request,
  pageChecks,
}) => {
  test.setTimeout(120_000);
  pageChecks.allow({
    url: /\/svc\/(offer\/pay-and-pickup|orders\/place)$/,
    status: 409,
    reason: 'someone else bought it first: Pay answers 409',
  });
  const seller = await personIn(browser, WIDE, 'Sy');
  const slow = await personIn(browser, WIDE, 'Lou');
  const quick = await personIn(browser, WIDE, 'Kit');
  const title = `Pine stool ${Date.now().toString(36)}`;
  const listingRefnum = await listItem(request, seller.person, title, 2000, { buyNow: true });

  await buyNowFromItemPage(slow.page, listingRefnum);
  await expect(slow.page.getByRole('button', { name: 'Pay $20.00' })).toBeEnabled();

  // Someone else pays for it through the api first.
  const started = await request.post('/svc/payment/createPI', {
    headers: { ...(await bearer(request, quick.person)), 'Idempotency-Key': `e2e-${listingRefnum}` },
    data: { listingRefnum, deliveryMethod: 'pickup' },
  });
  expect(started.ok(), await started.text()).toBe(true);
  const { paymentIntentId } = ((await started.json()) as { data: { paymentIntentId: string } }).data;
  const confirmed = await request.post('/svc/payment/test-provider/confirm', {
    headers: await bearer(request, quick.person),
    data: { paymentIntentId, number: '4242424242424242', exp: '04/30', cvc: '123' },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  const placed = await request.post('/svc/offer/pay-and-pickup', {
    headers: await bearer(request, quick.person),
    data: { listingRefnum, paymentIntentId },
  });
  expect(placed.ok(), await placed.text()).toBe(true);

  await payWith(slow.page, '4242 4242 4242 4242', 2000);
  const problem = slow.page.getByRole('alert').filter({ hasText: 'This item is no longer available' });
  await expect(problem).toBeVisible();
  await expect(problem.getByRole('link', { name: 'Back to the item' })).toHaveAttribute('href', `/${listingRefnum}`);
  await expect(slow.page).toHaveURL(/\/checkout\?/);
  await expect(slow.page.getByRole('button', { name: /^Pay/ })).toBeDisabled();
});
