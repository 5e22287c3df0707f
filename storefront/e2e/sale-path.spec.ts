import type { Tracking } from '@yardly/shared/contract';
import { hydrated } from './fixtures';
import { clockPast, expectPageFits, getAs, sellerAndBuyer, shippedBuyNowSale } from './journeys';
import { expect, type Page, test } from './page-checks';

// Issue 33: the path after a sale, as new people walk it in Chromium. The seller's notice leads
// to the order, the label's PDF opens in a new tab (not the not-found page), the buyer confirms;
// a Buy Now buyer writes to the seller from the order page.

const DESKTOP = { width: 1280, height: 900 };

// Two people, many pages, each checked at two widths: longer than the default minute on a shared machine.
test.describe.configure({ timeout: 300_000 });
const PHONE = { width: 384, height: 800 };

/** The page fits at 1280 and at 384 px (and axe finds nothing), and is left at 1280. */
async function fitsBothWidths(page: Page, what: string): Promise<void> {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await expectPageFits(page, `${what} at ${viewport.width} px`);
  }
}

test('a shipped sale from the seller’s notice: the order, the label and its PDF, tracking, the buyer confirms', async ({
  browser,
  request,
}) => {
  const { seller, buyer } = await sellerAndBuyer(browser, DESKTOP, 'Sage', 'Bram');
  const title = 'Cherry wood stool';
  // 8 lbs (listItem): a medium box is the smallest it fits in.
  const { listingRefnum, orderId } = await shippedBuyNowSale(request, seller.person, buyer.person, title, 4500);

  // The notice: "Sold … See the order" leads to the order's page, not the home page.
  await seller.page.goto('/notifications');
  const notice = seller.page.getByRole('link', { name: new RegExp(`^Sold: ${title}\\. See the order`) });
  await expect(notice).toHaveAttribute('href', `/orders/${orderId}`);
  await (await hydrated(notice)).click();
  await expect(seller.page).toHaveURL(new RegExp(`/orders/${orderId}$`));
  await expect(seller.page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(seller.page.getByRole('button', { name: 'Message buyer' })).toBeVisible();
  await fitsBothWidths(seller.page, 'the seller’s order page');
  await seller.page.screenshot({ path: 'test-results/sale-path-order-1280.png', fullPage: true });

  // The seller's sold item page: the way to its order, and no Relist while it waits to be shipped.
  await seller.page.goto(`/${listingRefnum}`);
  const seeOrder = seller.page.getByRole('link', { name: 'See the order' });
  await expect(seeOrder).toHaveAttribute('href', `/orders/${orderId}`);
  await expect(seller.page.getByRole('button', { name: 'Relist' })).toHaveCount(0);
  await fitsBothWidths(seller.page, 'the seller’s sold item page');
  await seller.page.setViewportSize(PHONE);
  await seller.page.screenshot({ path: 'test-results/sale-path-item-384.png', fullPage: true });
  await seller.page.setViewportSize(DESKTOP);
  await seller.page.screenshot({ path: 'test-results/sale-path-item-1280.png', fullPage: true });
  await seeOrder.click();
  await expect(seller.page).toHaveURL(new RegExp(`/orders/${orderId}$`));

  // The label page: the medium box chosen for it (no 'too heavy' on arrival), the crumb to the dashboard.
  await seller.page.getByRole('link', { name: `Print shipping label: ${title}` }).click();
  await expect(seller.page).toHaveURL(new RegExp(`/shipping-label\\?listingRefnum=${listingRefnum}`));
  const buy = await hydrated(seller.page.getByRole('button', { name: 'Buy shipping label' }));
  await expect(seller.page.getByRole('radio', { name: /^Medium box/ })).toBeChecked();
  await expect(seller.page.getByRole('radio', { name: /^Small box/ })).toBeDisabled();
  await expect(seller.page.getByRole('radio', { name: /^Ground · \$/ })).toBeChecked();
  await expect(seller.page.locator('.state-message--error')).toHaveCount(0);
  await expect(seller.page.getByRole('link', { name: 'Selling' })).toHaveAttribute(
    'href',
    '/myquest/selling?sellFilter=ACTIVE_AND_TO_BE_SHIPPED',
  );
  await fitsBothWidths(seller.page, 'the label page with its rates');
  await buy.click();
  const number = (await seller.page.getByTestId('tracking-number').textContent()) ?? '';
  expect(number).toMatch(/^YD\d{16}US$/);
  await fitsBothWidths(seller.page, 'the label page once bought');
  await seller.page.setViewportSize(PHONE);
  await seller.page.screenshot({ path: 'test-results/sale-path-label-384.png', fullPage: true });
  await seller.page.setViewportSize(DESKTOP);
  await seller.page.screenshot({ path: 'test-results/sale-path-label-1280.png', fullPage: true });

  // Open the label (PDF): a new tab with no token gets the PDF by its signed link, not the not-found page.
  const open = seller.page.getByRole('link', { name: 'Open the label (PDF)' });
  const [tab, pdf] = await Promise.all([
    seller.page.waitForEvent('popup'),
    seller.page.context().waitForEvent('response', (r) => r.url().includes(`/svc/shipping/labels/${number}.pdf`)),
    open.click(),
  ]);
  expect([pdf.status(), pdf.headers()['content-type']]).toEqual([200, 'application/pdf']);
  await tab.close();

  // The order page offers the label too once shipped.
  await seller.page.goto(`/orders/${orderId}`);
  const again = seller.page.getByRole('link', { name: 'Open the label (PDF)' });
  await expect(again).toHaveAttribute('href', new RegExp(`/svc/shipping/labels/${number}\\.pdf\\?exp=\\d+&sig=`));
  const fetched = await request.get((await again.getAttribute('href')) ?? '');
  expect([fetched.status(), fetched.headers()['content-type']]).toEqual([200, 'application/pdf']);

  // The carrier delivers it on the clock; the seller follows it, the buyer confirms on the order page.
  const tracking = await getAs<Tracking>(request, buyer.person, `/svc/orders/${orderId}/tracking`);
  await clockPast(request, tracking.expectedAt);
  await seller.page.goto(`/seller-track?listingRefnum=${listingRefnum}`);
  await expect(seller.page.getByTestId('parcel-status')).toHaveText('Delivered');
  await expect(seller.page.getByRole('link', { name: 'Selling' })).toHaveAttribute(
    'href',
    '/myquest/selling?sellFilter=SOLD_AND_DELIVERED',
  );
  await expect(seller.page.getByRole('link', { name: 'Open the label (PDF)' })).toBeVisible();
  await fitsBothWidths(seller.page, '/seller-track delivered');

  await buyer.page.goto(`/orders/${orderId}`);
  await (await hydrated(buyer.page.getByRole('button', { name: `Confirm delivery: ${title}` }))).click();
  await buyer.page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(buyer.page.getByText('Delivered', { exact: true })).toBeVisible();
  await fitsBothWidths(buyer.page, 'the buyer’s order page delivered');
});

test('a Buy Now buyer messages the seller from the order page, and the seller reads it', async ({
  browser,
  request,
}) => {
  const { seller, buyer } = await sellerAndBuyer(browser, DESKTOP, 'Sol', 'Bea');
  const title = 'Maple coat rack';
  const { orderId } = await shippedBuyNowSale(request, seller.person, buyer.person, title, 3200);

  await buyer.page.goto(`/orders/${orderId}`);
  await fitsBothWidths(buyer.page, 'the buyer’s order page');
  await buyer.page.setViewportSize(PHONE);
  await buyer.page.screenshot({ path: 'test-results/sale-path-buyer-order-384.png', fullPage: true });
  await buyer.page.setViewportSize(DESKTOP);
  await (await hydrated(buyer.page.getByRole('link', { name: 'Message seller' }))).click();
  await expect(buyer.page).toHaveURL(/\/messages\//);
  const box = await hydrated(buyer.page.getByLabel('Your message'));
  await box.fill('Could you ship it in a sturdy box?');
  await buyer.page.getByRole('button', { name: 'Send' }).click();
  await expect(buyer.page.getByText('Could you ship it in a sturdy box?')).toBeVisible();
  await fitsBothWidths(buyer.page, 'the conversation with the seller');

  // The seller reaches the same conversation from the order page.
  await seller.page.goto(`/orders/${orderId}`);
  await (await hydrated(seller.page.getByRole('link', { name: 'Message buyer' }))).click();
  await expect(seller.page).toHaveURL(/\/messages\//);
  await expect(seller.page.getByText('Could you ship it in a sturdy box?')).toBeVisible();
  await fitsBothWidths(seller.page, 'the conversation with the buyer');
});
