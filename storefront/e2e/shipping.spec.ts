import { type APIRequestContext, expect, test } from '@playwright/test';
import type { Tracking } from '@yardly/shared/contract';
import { commissionCents, formatDate } from '@yardly/shared/rules';
import { pdfText } from '../../api/test/pdf-text';
import { hydrated, type Person } from './fixtures';
import { bearer, expectPageFits, listItem, personIn } from './journeys';

const PHONE = { width: 384, height: 800 };

async function post<T>(request: APIRequestContext, who: Person, url: string, data: object, headers = {}) {
  const res = await request.post(url, { data, headers: { ...(await bearer(request, who)), ...headers } });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

async function get<T>(request: APIRequestContext, who: Person, url: string) {
  const res = await request.get(url, { headers: await bearer(request, who) });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

test('a shipped sale: the label and its PDF, tracking on both screens on the clock, the buyer confirms, the seller is paid, at 384 px', async ({
  browser,
  request,
}) => {
  const seller = await personIn(browser, PHONE, 'Shea');
  const buyer = await personIn(browser, PHONE, 'Bria');
  const price = 3000;
  const listingRefnum = await listItem(request, seller.person, 'Walnut shelf', price, {
    shippable: true,
    buyNow: true,
  });

  // The buyer buys it now, shipped to a saved address (checkout.spec.ts covers these pages).
  const address = await post<{ id: string }>(request, buyer.person, '/svc/account/saveAddress', {
    firstName: 'Bria',
    lastName: 'Tester',
    line1: '5 Elm St',
    city: 'Boston',
    state: 'MA',
    zip: '02108',
    phoneNo: '5551234567',
  });
  const intent = await post<{ paymentIntentId: string }>(
    request,
    buyer.person,
    '/svc/payment/createPI',
    { listingRefnum, deliveryMethod: 'ship', addressId: address.id },
    { 'idempotency-key': `e2e-ship-${listingRefnum}` },
  );
  await post(request, buyer.person, '/svc/payment/test-provider/confirm', {
    paymentIntentId: intent.paymentIntentId,
    number: '4242 4242 4242 4242',
    exp: '12/30',
    cvc: '123',
  });
  const { orderId } = await post<{ orderId: string }>(request, buyer.person, '/svc/orders/place', {
    paymentIntentId: intent.paymentIntentId,
  });

  // The seller's order screen offers the label, which the process allows them now.
  await seller.page.goto(`/orders/${orderId}`);
  const print = seller.page.getByRole('link', { name: 'Print shipping label: Walnut shelf' });
  await expect(print).toBeVisible();
  await print.click();
  await expect(seller.page).toHaveURL(new RegExp(`/shipping-label\\?listingRefnum=${listingRefnum}`));
  const form = await hydrated(seller.page.getByRole('button', { name: 'Buy shipping label' }));
  await seller.page.getByRole('radio', { name: /Medium box/ }).check();
  await expect(seller.page.getByRole('radio', { name: /^Ground · \$/ })).toBeChecked();
  await expectPageFits(seller.page, 'the label page with its rates');
  await form.click();
  const number = (await seller.page.getByTestId('tracking-number').textContent()) ?? '';
  expect(number).toMatch(/^YD\d{16}US$/);
  await expect(seller.page.getByRole('button', { name: 'Open the label (PDF)' })).toBeVisible();
  await expectPageFits(seller.page, 'the label page once bought');

  // The PDF: a real one holding the tracking number, for the seller, again later.
  const label = await get<{ labelUrl: string }>(request, seller.person, `/svc/shipping/label?orderId=${orderId}`);
  const pdf = await request.get(label.labelUrl, { headers: await bearer(request, seller.person) });
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const bytes = await pdf.body();
  expect(bytes.subarray(0, 4).toString()).toBe('%PDF');
  expect(pdfText(bytes)).toContain(number);
  const popup = seller.page.waitForEvent('popup');
  await seller.page.getByRole('button', { name: 'Open the label (PDF)' }).click();
  expect((await popup).url()).toMatch(/^blob:/);

  // The built-in carrier moves the parcel on the clock: past its expected date, it is delivered.
  const tracking = await get<Tracking>(request, buyer.person, `/svc/orders/${orderId}/tracking`);
  const now = new Date(((await (await request.get('/svc/dev/clock')).json()) as { data: { now: string } }).data.now);
  const minutes = Math.ceil((new Date(tracking.expectedAt ?? '').getTime() - now.getTime()) / 60_000) + 1;
  expect((await request.post('/svc/dev/clock', { data: { advanceMinutes: minutes } })).ok()).toBe(true);

  for (const [who, path] of [
    [seller, '/seller-track'],
    [buyer, '/buyer-track'],
  ] as const) {
    await who.page.goto(`${path}?listingRefnum=${listingRefnum}`);
    await expect(who.page.getByTestId('parcel-status')).toHaveText('Delivered');
    await expect(who.page.getByTestId('tracking-number')).toHaveText(number);
    await expect(who.page.getByText(`Expected: ${formatDate(tracking.expectedAt)}`)).toBeVisible();
    await expect(who.page.getByRole('list', { name: 'Parcel timeline' }).getByRole('listitem')).toHaveCount(4);
    await expectPageFits(who.page, `${path} delivered`);
  }

  // The buyer confirms at /confirm-item-received: the order is complete and the seller paid.
  await buyer.page.goto(`/confirm-item-received?orderId=${orderId}`);
  await expect(buyer.page.getByTestId('order-status')).toHaveText('Delivered, to be confirmed');
  await expectPageFits(buyer.page, '/confirm-item-received');
  await (await hydrated(buyer.page.getByRole('button', { name: 'Confirm item received' }))).click();
  await expect(buyer.page.getByTestId('order-status')).toHaveText('Delivered');
  const balance = await get<{ available: number }>(request, seller.person, '/svc/payouts/balance');
  expect(balance.available).toBe(price - commissionCents(price));
});
