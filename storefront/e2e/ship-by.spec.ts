import { addBusinessDays, orderMessages, SHIP_BY_BUSINESS_DAYS } from '@yardly/shared/rules';
import { advanceClockTo, clockNow, expectPageFits, listItem, sellerAndBuyer, shippedSale } from './journeys';
import { expect, test } from './page-checks';

const PHONE = { width: 384, height: 800 };
const DAY = 86_400_000;

/** The next Friday at 15:00 UTC after `now`. */
function nextFriday(now: Date): Date {
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 15));
  do at.setTime(at.getTime() + DAY);
  while (at.getUTCDay() !== 5);
  return at;
}

test('a sale with no label is cancelled and refunded after three business days, counted over the weekend, and the item is on sale again', async ({
  browser,
  request,
}) => {
  const { seller, buyer } = await sellerAndBuyer(browser, PHONE, 'Seth', 'Bianca');
  const listingRefnum = await listItem(request, seller.person, 'Cane chair', 4200, { shippable: true, buyNow: true });

  // Bought on a Friday afternoon.
  const friday = nextFriday(await clockNow(request));
  await advanceClockTo(request, friday);
  const orderId = await shippedSale(request, buyer.person, listingRefnum);
  const deadline = addBusinessDays(await clockNow(request), SHIP_BY_BUSINESS_DAYS);
  // The weekend does not count: three business days from a Friday end on the Wednesday at the earliest.
  expect(deadline.getTime() - friday.getTime()).toBeGreaterThanOrEqual(5 * DAY);

  // Monday afternoon, three calendar days on: one business day has passed, the order still waits.
  await advanceClockTo(request, new Date(friday.getTime() + 3 * DAY));
  await seller.page.goto(`/orders/${orderId}`);
  await expect(seller.page.getByText('Paid, to be shipped').first()).toBeVisible();
  await expect(seller.page.getByRole('link', { name: 'Print shipping label: Cane chair' })).toBeVisible();

  // Past the third business day: cancelled, refunded, both told, the item on sale again.
  await advanceClockTo(request, new Date(deadline.getTime() + 60_000));
  await buyer.page.goto(`/orders/${orderId}`);
  await expect(buyer.page.getByText('Cancelled (refunded)').first()).toBeVisible();
  await expectPageFits(buyer.page, 'the cancelled order');
  for (const who of [buyer, seller]) {
    await who.page.goto('/notifications');
    await expect(who.page.getByText(orderMessages.autoCancelled).first()).toBeVisible();
  }
  await seller.page.goto(`/orders/${orderId}`);
  await expect(seller.page.getByRole('link', { name: 'Print shipping label: Cane chair' })).toHaveCount(0);

  // Anyone can buy it again: the item page offers Buy Now.
  await buyer.page.goto(`/${listingRefnum}`);
  await expect(buyer.page.getByRole('link', { name: 'Buy Now' })).toBeVisible();

  await seller.page.context().close();
  await buyer.page.context().close();
});
