import { listingListMessages } from '@yardly/shared/rules';
import { expectCardControlsHittable, keepScreenshot } from './card-controls';
import { cards, newPerson, signInByApi } from './fixtures';
import { expectPageFits, listItem, post, sellerAndBuyer, shippedSale } from './journeys';
import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from './page-checks';

// Issue 33: My Dashboard's and My Profile's cards show every action, each answering a click at
// its centre at 384 and 1280 px (no card clips them below an empty area); the buying card says
// what was paid (the offer's price, shipping and the total), with no 'No listings to display'
// under the orders; the offer checkout shows the offer's price and a total from its first paint,
// before the buyer has any address; the masked email fits /settings/account at 384 px.

const VIEWPORTS = [
  { name: '384 px', width: 384, height: 800 },
  { name: '1280 px', width: 1280, height: 900 },
];

/** The card titled `title` in `scope` (the heading is found from the page: `has` is relative to each card). */
function cardTitled(scope: Page | Locator, title: string): Locator {
  const page = 'page' in scope ? scope.page() : scope;
  return cards(scope).filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

/** Shipping by weight class for a listing, as the checkout offers it (cents). */
async function shippingCents(request: APIRequestContext, listingRefnum: string): Promise<number> {
  const answer = await request.get(`/svc/listing/deliveryoptions?listingRefnum=${listingRefnum}`);
  const { data } = (await answer.json()) as { data: { options: { method: string; priceCents: number }[] } };
  return data.options.find((o) => o.method === 'ship')?.priceCents ?? -1;
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

async function journey(browser: Browser, request: APIRequestContext, viewport: { width: number; height: number }) {
  const stamp = Date.now().toString(36).slice(-5);
  const { seller, buyer } = await sellerAndBuyer(browser, viewport, 'Sol', 'Bree');
  const lamp = `Walnut desk lamp ${stamp}`;
  const shelf = `Pine bookshelf ${stamp}`;

  // The lamp: $60.00, shipped only, offers; Bree offers $45.00 and Sol accepts.
  const lampRefnum = await listItem(request, seller.person, lamp, 6_000, { shippable: true, meetToDeliver: false });
  const { offerRefnum } = await post<{ offerRefnum: string }>(request, buyer.person, '/svc/offer/create/v2', {
    listingRefnum: lampRefnum,
    offerPrice: 4_500,
  });
  await post(request, seller.person, '/svc/offer/accept', { offerRefnum });
  const shipping = await shippingCents(request, lampRefnum);
  expect(shipping).toBeGreaterThan(0);

  // The offer's checkout, Bree with no address yet: the offer's price, shipping and a total at once.
  await buyer.page.goto(`/checkout?itemRefnum=${lampRefnum}&offerRefnum=${offerRefnum}`);
  const item = buyer.page.getByRole('region', { name: 'Your item' });
  await expect(item.getByRole('term')).toHaveText(['Your accepted offer', 'Shipping', 'Total']);
  await expect(item.getByRole('definition')).toHaveText([dollars(4_500), dollars(shipping), dollars(4_500 + shipping)]);
  await expect(buyer.page.getByText('Asking price')).toHaveCount(0);
  await expect(buyer.page.getByText('$60.00')).toHaveCount(0);
  await keepScreenshot(buyer.page, 'checkout-offer-no-address');
  await expectPageFits(buyer.page, 'the offer checkout before any address');

  // Bree pays it, shipped to a new address (through the api, as checkout.spec.ts walks the page).
  await shippedSale(request, buyer.person, lampRefnum, offerRefnum);

  // The shelf: Sol's, with Bree's open offer on it (View Offers (1) on Sol's card).
  const shelfRefnum = await listItem(request, seller.person, shelf, 3_000, { shippable: true });
  await post(request, buyer.person, '/svc/offer/create/v2', { listingRefnum: shelfRefnum, offerPrice: 2_000 });

  // Bree's orders: what was paid, every control answering; no empty-state under the order.
  await buyer.page.goto('/myquest/buying?buyFilter=IN_PROGRESS');
  const orders = buyer.page.getByRole('region', { name: 'Your orders' });
  const bought = cardTitled(orders, lamp);
  await expect(bought.locator('.card__price')).toHaveText(`Offer price: ${dollars(4_500)}`);
  const paid = bought.getByRole('definition');
  await expect(bought.getByRole('term')).toHaveText(['Offer price', 'Shipping', 'Total']);
  await expect(paid).toHaveText([dollars(4_500), dollars(shipping), dollars(4_500 + shipping)]);
  await expect(buyer.page.getByText(listingListMessages.noListings)).toHaveCount(0);
  // The lamp's card (its link, Order details) at least.
  await expectCardControlsHittable(buyer.page, '/myquest/buying (in progress)', 2);
  await expectPageFits(buyer.page, '/myquest/buying (in progress)');
  await keepScreenshot(buyer.page, 'myquest-buying-in-progress');

  // Bree's open offers: the shelf's card with its buttons.
  await buyer.page.goto('/myquest/buying');
  await expect(cardTitled(buyer.page, shelf)).toContainText('$20.00');
  // The shelf's card: its link, View Offer, View Messages (and the heart).
  await expectCardControlsHittable(buyer.page, '/myquest/buying (open offers)', 3);
  await keepScreenshot(buyer.page, 'myquest-buying-offers');

  // Sol's sales and listings: the order's and the listings' actions all answer a click.
  await seller.page.goto('/myquest/selling?sellFilter=ACTIVE_AND_TO_BE_SHIPPED');
  const sales = seller.page.getByRole('region', { name: 'Your sales' });
  await expect(cardTitled(sales, lamp)).toContainText(`Total${dollars(4_500 + shipping)}`);
  const shelfCard = cardTitled(seller.page.getByRole('list', { name: 'Your listings' }), shelf);
  await expect(shelfCard.getByRole('link', { name: 'View Offers (1)' })).toBeVisible();
  // The sale's card (link, Order details, Print shipping label, Cancel order) and the shelf's
  // (link, View Offers, View Messages, Edit, Mark as Sold, Deactivate).
  await expectCardControlsHittable(seller.page, '/myquest/selling', 10);
  await expectPageFits(seller.page, '/myquest/selling');
  await keepScreenshot(seller.page, 'myquest-selling');

  // A button at the bottom of a card is pressed for real: Deactivate, then the card says so.
  await shelfCard.getByRole('button', { name: 'Deactivate' }).click();
  await expect(shelfCard.getByRole('button', { name: 'Activate Listing' })).toBeVisible();

  // My Profile's cards.
  await seller.page.goto('/myprofile/selling');
  await expect(cardTitled(seller.page, shelf)).toBeVisible();
  await expectCardControlsHittable(seller.page, '/myprofile', 2);
  await expectPageFits(seller.page, '/myprofile');
  await keepScreenshot(seller.page, 'myprofile');

  await seller.page.context().close();
  await buyer.page.context().close();
}

for (const viewport of VIEWPORTS) {
  test(`dashboard and profile cards show every action and what was paid (${viewport.name})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    await journey(browser, request, viewport);
  });
}

test('a long masked email wraps on /settings/account at 384 px', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 384, height: 800 } });
  const page = await context.newPage();
  const person = newPerson('Maximiliana');
  person.email = `maximiliana.longaddress.${Date.now().toString(36)}@example.com`;
  await signInByApi(page, person);
  await page.goto('/settings/account');
  const email = page.getByTestId('masked-email');
  await expect(email).toHaveText(/^m\*+[a-z0-9]@example\.com$/);
  const box = await email.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(384);
  await expectPageFits(page, '/settings/account at 384 px');
  await keepScreenshot(page, 'settings-account');
  await context.close();
});
