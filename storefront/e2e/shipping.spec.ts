import type { Tracking } from '@yardly/shared/contract';
import { commissionCents, formatDate } from '@yardly/shared/rules';
import { pdfText } from '../../api/test/pdf-text';
import { hydrated } from './fixtures';
import {
  bearer,
  clockPast,
  expectPageFits,
  getAs,
  post,
  receivedFeedback,
  sellerAndBuyer,
  shippedBuyNowSale,
} from './journeys';
import { expect, test } from './page-checks';

const PHONE = { width: 384, height: 800 };

test('a shipped sale: the label and its PDF, tracking on both screens on the clock, the buyer confirms, the seller is paid, at 384 px', async ({
  browser,
  request,
}) => {
  const { seller, buyer } = await sellerAndBuyer(browser, PHONE, 'Shea', 'Bria');
  const price = 3000;
  // The buyer buys it now, shipped to a saved address (checkout.spec.ts covers these pages).
  const { listingRefnum, orderId } = await shippedBuyNowSale(
    request,
    seller.person,
    buyer.person,
    'Walnut shelf',
    price,
  );

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
  await expect(seller.page.getByRole('link', { name: 'Open the label (PDF)' })).toBeVisible();
  await expectPageFits(seller.page, 'the label page once bought');

  // The PDF: a real one holding the tracking number, for the seller, again later.
  const label = await getAs<{ labelUrl: string }>(request, seller.person, `/svc/shipping/label?orderId=${orderId}`);
  const pdf = await request.get(label.labelUrl, { headers: await bearer(request, seller.person) });
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const bytes = await pdf.body();
  expect(bytes.subarray(0, 4).toString()).toBe('%PDF');
  expect(pdfText(bytes)).toContain(number);
  // A new tab of its own, with no token: the link is signed for the seller (docs/decisions/0044).
  const [tab, opened] = await Promise.all([
    seller.page.waitForEvent('popup'),
    seller.page.context().waitForEvent('response', (r) => r.url().includes(`/svc/shipping/labels/${number}.pdf?exp=`)),
    seller.page.getByRole('link', { name: 'Open the label (PDF)' }).click(),
  ]);
  expect([opened.status(), opened.headers()['content-type']]).toEqual([200, 'application/pdf']);
  await tab.close();

  // The built-in carrier moves the parcel on the clock: past its expected date, it is delivered.
  const tracking = await getAs<Tracking>(request, buyer.person, `/svc/orders/${orderId}/tracking`);
  await clockPast(request, tracking.expectedAt);

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
  const balance = await getAs<{ available: number }>(request, seller.person, '/svc/payouts/balance');
  expect(balance.available).toBe(price - commissionCents(price));

  // Both review each other: hidden until both wrote, then published at one moment.
  await post(request, buyer.person, '/svc/feedback', {
    orderId,
    rating: 5,
    feedbackContent: 'Well packed, as described.',
  });
  await post(request, seller.person, '/svc/feedback', { orderId, rating: 4.5, feedbackContent: 'Quick to confirm.' });
  const aboutSeller = await receivedFeedback(request, seller.login.userRefnum, true);
  const aboutBuyer = await receivedFeedback(request, buyer.login.userRefnum, false);
  expect(aboutSeller.feedbacks.content.map((r) => r.feedbackContent)).toEqual(['Well packed, as described.']);
  expect(aboutBuyer.feedbacks.content.map((r) => r.feedbackContent)).toEqual(['Quick to confirm.']);
  expect(aboutSeller.feedbacks.content[0]?.updatedAt).toBe(aboutBuyer.feedbacks.content[0]?.updatedAt);
});
