import { expect, test } from '@playwright/test';
import type { ReturnDetail } from '@yardly/shared/contract';
import { formatCents, returnMessages } from '@yardly/shared/rules';
import { hydrated } from './fixtures';
import { boughtShipped, clockPast, expectPageFits, getAs, listItem, personIn, postAs } from './journeys';

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
  const seller = await personIn(browser, PHONE, 'Rory');
  const buyer = await personIn(browser, PHONE, 'Remi');
  const price = 4200;
  const title = 'Brass desk lamp';
  const listingRefnum = await listItem(request, seller.person, title, price, { shippable: true, buyNow: true });
  const orderId = await boughtShipped(request, buyer.person, listingRefnum);

  // The seller ships it (shipping.spec.ts covers the label page) and the carrier delivers it on the clock.
  await postAs(request, seller.person, '/svc/shipping/label', { orderId, parcel: 'medium', service: 'ground' });
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
  const popup = buyer.page.waitForEvent('popup');
  await buyer.page.getByRole('button', { name: 'Open the prepaid return label (PDF)' }).click();
  expect((await popup).url()).toMatch(/^blob:/);
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
