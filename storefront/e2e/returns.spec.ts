import type { ReturnDetail } from '@yardly/shared/contract';
import { formatCents, returnMessages } from '@yardly/shared/rules';
import { E2E_ADMIN } from '../playwright.config';
import { hydrated } from './fixtures';
import { clockPast, expectPageFits, getAs, logInToConsole, post, sellerAndBuyer, shippedBuyNowSale } from './journeys';
import { expect, test } from './page-checks';

const PHONE = { width: 384, height: 800 };

/** A small PNG standing in for the buyer's photo of the damage (the api re-encodes it). */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAfUlEQVRoge2SAQkAURSDFsxgF8yAF2M8/sAAOhY/TpO6gQugvqK7EHdJ3cAFUF/RXYi7pG7gAqiv6C7EXVI3cAHUV3QX4i6pG7gA6iu6C3GX1A1cAPUV3YW4S+oGLoD6iu5C3CV1AxdAfUV3Ie6SuoELoL6iuxB3Sd3AxwN+qYTg8Slw1/EAAAAASUVORK5CYII=',
  'base64',
);

test('a return from reason to refund: the buyer says why with a photo, the seller accepts, the parcel goes back on the clock, the item price is refunded, at 384 px', async ({
  browser,
  request,
}) => {
  const { seller, buyer } = await sellerAndBuyer(browser, PHONE, 'Rory', 'Remi');
  const price = 4200;
  const title = 'Brass desk lamp';
  const { listingRefnum, orderId } = await shippedBuyNowSale(request, seller.person, buyer.person, title, price);

  // The seller ships it (shipping.spec.ts covers the label page) and the carrier delivers it on the clock.
  await post(request, seller.person, '/svc/shipping/label', { orderId, parcel: 'medium', service: 'ground' });
  const outbound = await getAs<{ expectedAt: string | null }>(request, buyer.person, `/svc/orders/${orderId}/tracking`);
  await clockPast(request, outbound.expectedAt);

  // The buyer's order offers Return item while the receipt window is open.
  await buyer.page.goto(`/orders/${orderId}`);
  const returnLink = buyer.page.getByRole('link', { name: `Return item: ${title}` });
  await expect(returnLink).toBeVisible();
  await returnLink.click();
  await expect(buyer.page).toHaveURL(new RegExp(`/return-reason\\?listingRefnum=${listingRefnum}&orderId=${orderId}`));
  const send = await hydrated(buyer.page.getByRole('button', { name: 'Send return request' }));
  await expectPageFits(buyer.page, '/return-reason');

  // Sent empty, the form says what it needs in the api's words.
  await send.click();
  await expect(buyer.page.getByText(returnMessages.reasonRequired)).toBeVisible();
  await expect(buyer.page.getByText(returnMessages.textRequired)).toBeVisible();
  await expectPageFits(buyer.page, '/return-reason with its errors');

  await buyer.page.getByRole('radio', { name: 'Damaged' }).check();
  await buyer.page.getByLabel('What is wrong with the item?').fill('The shade arrived dented and the switch is loose.');
  await buyer.page.getByLabel(/^Photos/).setInputFiles({ name: 'dent.png', mimeType: 'image/png', buffer: PHOTO });
  await expect(buyer.page.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem')).toHaveCount(1);
  await send.click();

  // It lands on /return-track: requested, the seller has 3 business days.
  await expect(buyer.page).toHaveURL(new RegExp(`/return-track\\?listingRefnum=${listingRefnum}`));
  await expect(buyer.page.getByTestId('return-status')).toHaveText('Return requested');
  await expect(buyer.page.getByRole('img', { name: 'The item as the buyer showed it, 1 of 1' })).toBeVisible();
  await expectPageFits(buyer.page, '/return-track requested');

  // The seller sees it on the order and accepts it: a prepaid return label is bought.
  await seller.page.goto(`/orders/${orderId}`);
  await expect(seller.page.getByTestId('return-status')).toHaveText('Return requested');
  await expect(seller.page.getByText('The shade arrived dented and the switch is loose.')).toBeVisible();
  await expectPageFits(seller.page, 'the seller’s order with a return');
  await (await hydrated(seller.page.getByRole('button', { name: 'Accept return' }))).click();
  await seller.page.getByRole('button', { name: 'Yes' }).click();
  await expect(seller.page.getByTestId('return-status')).toHaveText('Accepted, on its way back');
  await expect(seller.page.getByRole('button', { name: 'Dispute return' })).toHaveCount(0);

  // The buyer prints the label and follows the parcel back.
  await buyer.page.reload();
  await expect(buyer.page.getByTestId('return-status')).toHaveText('Accepted, on its way back');
  const number = (await buyer.page.getByTestId('return-tracking-number').textContent()) ?? '';
  expect(number).toMatch(/\S+/);
  // A new tab of its own, with no token: the link is signed for the buyer (docs/decisions/0044).
  const [tab, opened] = await Promise.all([
    buyer.page.waitForEvent('popup'),
    buyer.page.context().waitForEvent('response', (r) => r.url().includes(`/svc/shipping/labels/${number}.pdf?exp=`)),
    buyer.page.getByRole('link', { name: 'Open the prepaid return label (PDF)' }).click(),
  ]);
  expect([opened.status(), opened.headers()['content-type']]).toEqual([200, 'application/pdf']);
  await tab.close();
  await expectPageFits(buyer.page, '/return-track accepted');

  const back = await getAs<ReturnDetail>(request, buyer.person, `/svc/returns?listingRefnum=${listingRefnum}`);
  await clockPast(request, back.tracking?.expectedAt ?? null);

  // Delivered back: refunded the item price (not the shipping), RETURNED in both dashboards.
  await buyer.page.reload();
  await expect(buyer.page.getByTestId('return-status')).toHaveText('Returned and refunded');
  await expect(buyer.page.getByTestId('return-refund')).toContainText(formatCents(price));
  await expect(buyer.page.getByTestId('return-parcel-status')).toHaveText('Delivered');
  await expectPageFits(buyer.page, '/return-track refunded');
  for (const [who, side] of [
    [buyer, 'buying'],
    [seller, 'selling'],
  ] as const) {
    const listed = await getAs<{ orders: { content: { orderId: string; status: string }[] } }>(
      request,
      who.person,
      `/svc/orders?side=${side}&filter=RETURNED`,
    );
    expect(listed.orders.content.find((o) => o.orderId === orderId)?.status).toBe('returned');
  }
  await seller.page.goto(`/return-track?listingRefnum=${listingRefnum}`);
  await expect(seller.page.getByTestId('return-status')).toHaveText('Returned and refunded');
  await expectPageFits(seller.page, 'the seller’s /return-track refunded');
});

test('a disputed return goes to the console’s Returns queue, where an admin decides for the seller with a note', async ({
  browser,
  request,
}) => {
  const { seller, buyer } = await sellerAndBuyer(browser, PHONE, 'Dara', 'Dev');
  const title = 'Green velvet armchair';
  const { listingRefnum, orderId } = await shippedBuyNowSale(request, seller.person, buyer.person, title, 9000);
  await post(request, seller.person, '/svc/shipping/label', { orderId, parcel: 'large', service: 'ground' });
  const outbound = await getAs<{ expectedAt: string | null }>(request, buyer.person, `/svc/orders/${orderId}/tracking`);
  await clockPast(request, outbound.expectedAt);
  // The buyer's form is the first journey's: here the return is opened through the api.
  await post(request, buyer.person, '/svc/returns', { orderId, reason: 'not_as_described', text: 'It is blue.' });

  await seller.page.goto(`/orders/${orderId}`);
  await (await hydrated(seller.page.getByRole('button', { name: 'Dispute return' }))).click();
  await seller.page.getByRole('button', { name: 'Yes' }).click();
  await expect(seller.page.getByTestId('return-status')).toHaveText('Disputed, Yardly decides');
  await expect(seller.page.getByRole('button', { name: 'Accept return' })).toHaveCount(0);
  await expectPageFits(seller.page, 'the seller’s order with a disputed return');

  const context = await browser.newContext();
  const admin = await context.newPage();
  await logInToConsole(admin, E2E_ADMIN);
  await admin.goto('/admin/#/returns');
  await admin.getByRole('cell', { name: title }).click();
  await expect(admin.getByText('It is blue.')).toBeVisible();
  await admin.getByRole('button', { name: 'Decide for the seller' }).click();
  await admin.getByRole('button', { name: 'Decide', exact: true }).click();
  await expect(admin.getByRole('alert').filter({ hasText: returnMessages.noteRequired })).toBeVisible();
  await admin.getByLabel('Why (kept in the audit log)').fill('The listing says green velvet and shows it.');
  await admin.getByRole('button', { name: 'Decide', exact: true }).click();
  await expect(admin.getByText('Refused, the sale stands').first()).toBeVisible();
  await expect(admin.getByText('The listing says green velvet and shows it.')).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Decide for the buyer' })).toHaveCount(0);

  // The sale stands: the order is delivered, and both sides read the decision.
  await buyer.page.goto(`/return-track?listingRefnum=${listingRefnum}`);
  await expect(buyer.page.getByTestId('return-status')).toHaveText('Refused, the sale stands');
  await expectPageFits(buyer.page, '/return-track refused');
  const order = await getAs<{ status: string }>(request, seller.person, `/svc/orders/${orderId}`);
  expect(order.status).toBe('delivered');
});
