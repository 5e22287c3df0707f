import { cards } from './fixtures';
import { expectPageFits, listItem, moveDevClock, sellerAndBuyer } from './journeys';
import { expect, type Locator, type Page, test } from './page-checks';

// Issue 17 §1, the storefront's part: a buyer offers from the item page, the seller counters
// from 'View Offers (n)', the buyer accepts; an unanswered offer expires on both sides.

const VIEWPORTS = [
  { name: 'wide', width: 1280, height: 800 },
  { name: '384 px', width: 384, height: 800 },
] as const;

function cardTitled(page: Page, title: string): Locator {
  return cards(page).filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

function toast(page: Page, text: string): Locator {
  return page.getByRole('status').getByText(text);
}

function offerLine(scope: Page | Locator, name: string): Locator {
  return scope.getByRole('listitem', { name });
}

for (const viewport of VIEWPORTS) {
  test(`a buyer offers from the item page, the seller counters from View Offers, the buyer accepts (${viewport.name})`, async ({
    browser,
    request,
    pageChecks,
  }) => {
    for (const url of ['/svc/offer/create/v2', '/svc/offer/counterOffer']) {
      pageChecks.allow({
        url,
        status: 400,
        message: 'Your offer cannot be above the listing price of $40.00',
        reason: 'the journey offers above the asking price',
      });
    }
    test.setTimeout(120_000);
    const { seller, buyer } = await sellerAndBuyer(browser, viewport, 'Sal', 'Bo');
    const title = `Oak stool ${Date.now().toString(36)}`;
    const listingRefnum = await listItem(request, seller.person, title, 4000);

    // The buyer's offer: the input starts at the asking price; dollars typed, cents sent.
    await buyer.page.goto(`/${listingRefnum}`);
    const form = buyer.page.getByRole('form', { name: 'Make an offer' });
    const price = form.getByLabel('Your offer ($)');
    await expect(price).toHaveValue('40');
    await price.fill('0');
    await form.getByRole('button', { name: 'Make Offer' }).click();
    await expect(form.getByText('Enter an offer in dollars greater than $0')).toBeVisible();
    // Above the asking price: the api's message, as a toast.
    await price.fill('45');
    await form.getByRole('button', { name: 'Make Offer' }).click();
    await expect(toast(buyer.page, 'Your offer cannot be above the listing price of $40.00')).toBeVisible();
    await price.fill('32.50');
    await form.getByRole('button', { name: 'Make Offer' }).click();
    await expect(toast(buyer.page, 'Offer sent')).toBeVisible();
    const mine = buyer.page.getByRole('region', { name: 'Your offer' });
    await expect(mine).toContainText('You offered $32.50');
    await expect(mine).toContainText('Pending');
    await expect(form).toHaveCount(0);
    await expectPageFits(buyer.page, 'item page with an offer');

    // The seller: 'View Offers (1)' on My Dashboard leads to the listing's offers.
    await seller.page.goto('/myquest/selling');
    const card = cardTitled(seller.page, title);
    await expect(card.getByRole('link', { name: 'View Offers (1)' })).toBeVisible();
    await expectPageFits(seller.page, 'My Dashboard, selling');
    await card.getByRole('link', { name: 'View Offers (1)' }).click();
    await expect(seller.page).toHaveURL(/\/offers\/[A-Za-z0-9_-]+$/);
    await expect(seller.page.getByRole('heading', { level: 1, name: `Offers on ${title}` })).toBeVisible();
    const thread = seller.page.getByRole('region', { name: `Offers from ${buyer.person.nameFirst}` });
    const first = offerLine(thread, 'Buyer offered $32.50');
    await expect(first).toContainText('Pending');
    await expect(first.getByRole('button')).toHaveText(['Counter', 'Accept', 'Decline']);
    await expectPageFits(seller.page, 'offers page (seller)');

    // Above the listing price the api refuses the counter too; then a counter of $36.
    await first.getByRole('button', { name: 'Counter' }).click();
    const counter = first.getByLabel('Your counter-offer ($)');
    await expect(counter).toHaveValue('32.5');
    await counter.fill('41');
    await first.getByRole('button', { name: 'Send counter-offer' }).click();
    await expect(toast(seller.page, 'Your offer cannot be above the listing price of $40.00')).toBeVisible();
    await counter.fill('36');
    await first.getByRole('button', { name: 'Send counter-offer' }).click();
    await expect(toast(seller.page, 'Counter-offer sent')).toBeVisible();
    await expect(first).toContainText('Countered');
    await expect(first.getByRole('button')).toHaveCount(0);
    const sellersCounter = offerLine(thread, 'You offered $36.00');
    await expect(sellersCounter).toContainText('Pending');
    await expect(sellersCounter.getByRole('button')).toHaveText(['Withdraw']);
    // Newest last.
    await expect(thread.getByRole('listitem')).toHaveCount(2);
    await expect(thread.getByRole('listitem').last()).toHaveAccessibleName('You offered $36.00');

    // The buyer finds it under My Offers and accepts the counter.
    await buyer.page.goto('/myquest/offers');
    const offered = cardTitled(buyer.page, title);
    await expect(offered).toContainText('Latest offer $36.00');
    await expectPageFits(buyer.page, 'My Offers');
    await offered.getByRole('link', { name: `View Offer on ${title}` }).click();
    const buyersThread = buyer.page.getByRole('region', { name: 'Your offers' });
    const toAnswer = offerLine(buyersThread, 'Seller countered $36.00');
    await expect(toAnswer.getByRole('button')).toHaveText(['Counter', 'Accept', 'Decline']);
    await expect(offerLine(buyersThread, 'You offered $32.50')).toContainText('Countered');
    await expectPageFits(buyer.page, 'offers page (buyer)');
    await toAnswer.getByRole('button', { name: 'Accept' }).click();
    await expect(toast(buyer.page, 'Offer accepted')).toBeVisible();
    await expect(toAnswer).toContainText('Accepted');
    await expect(buyersThread.getByRole('button')).toHaveCount(0);

    // Both sides read it accepted; the buying dashboard has it in progress.
    await seller.page.reload();
    await expect(offerLine(thread, 'You offered $36.00')).toContainText('Accepted');
    await expect(thread.getByRole('button')).toHaveCount(0);
    await buyer.page.goto('/myquest/buying?buyFilter=IN_PROGRESS');
    await expect(buyer.page.getByRole('combobox', { name: 'Show' })).toHaveValue('IN_PROGRESS');
    await expect(cardTitled(buyer.page, title)).toContainText('Accepted');
    await expectPageFits(buyer.page, 'My Dashboard, buying');
    // The item page, now reserved, shows the buyer the accepted offer and takes no other.
    await buyer.page.goto(`/${listingRefnum}`);
    await expect(buyer.page.getByRole('region', { name: 'Your offer' })).toContainText('Accepted');
    await expect(buyer.page.getByRole('form', { name: 'Make an offer' })).toHaveCount(0);
    // Anyone else reads why it takes no offer.
    const guest = await browser.newPage({ viewport });
    await guest.goto(`/${listingRefnum}`);
    await expect(guest.getByText('This listing is reserved for a buyer whose offer was accepted')).toBeVisible();
    await expect(guest.getByRole('button', { name: 'Make Offer' })).toHaveCount(0);
    // The seller's own item page has no Make Offer.
    await seller.page.goto(`/${listingRefnum}`);
    await expect(seller.page.getByText('This is your listing.')).toBeVisible();
    await expect(seller.page.getByRole('button', { name: 'Make Offer' })).toHaveCount(0);
  });
}

test('an offer left unanswered for 24 hours shows expired to the buyer and the seller', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const viewport = VIEWPORTS[0];
  const { seller, buyer } = await sellerAndBuyer(browser, viewport, 'Sid', 'Bex');
  const title = `Pine shelf ${Date.now().toString(36)}`;
  const listingRefnum = await listItem(request, seller.person, title, 3000);

  await buyer.page.goto(`/${listingRefnum}`);
  const form = buyer.page.getByRole('form', { name: 'Make an offer' });
  await form.getByLabel('Your offer ($)').fill('25');
  await form.getByRole('button', { name: 'Make Offer' }).click();
  await expect(toast(buyer.page, 'Offer sent')).toBeVisible();

  // A day passes with nobody looking (the open pages' own day is the next test's): the pages are
  // left first, so none asks the api with a token from before the jump while the clock moves.
  await buyer.page.goto('about:blank');
  await seller.page.goto('about:blank');
  await moveDevClock(request, 1441);

  // The buyer: no longer an open offer; under Cancelled, expired, with no Withdraw.
  await buyer.page.goto('/myquest/offers');
  await expect(cardTitled(buyer.page, title)).toHaveCount(0);
  await buyer.page.goto('/myquest/buying?buyFilter=CANCELLED');
  const card = cardTitled(buyer.page, title);
  await expect(card).toContainText('Expired');
  await card.getByRole('link', { name: `View Offer on ${title}` }).click();
  const mine = offerLine(buyer.page, 'You offered $25.00');
  await expect(mine).toContainText('Expired');
  await expect(buyer.page.getByRole('button', { name: 'Withdraw' })).toHaveCount(0);
  // The item page takes a new offer.
  await buyer.page.goto(`/${listingRefnum}`);
  await expect(buyer.page.getByRole('form', { name: 'Make an offer' })).toBeVisible();

  // The seller: no open offer left, the expired one readable, with nothing to answer.
  await seller.page.goto('/myquest/selling');
  await cardTitled(seller.page, title).getByRole('link', { name: 'View Offers (0)' }).click();
  const theirs = offerLine(seller.page, 'Buyer offered $25.00');
  await expect(theirs).toContainText('Expired');
  await expect(
    seller.page.getByRole('region', { name: `Offers from ${buyer.person.nameFirst}` }).getByRole('button'),
  ).toHaveCount(0);
});

// Issue 17's "Done when": two people in two browser windows; each open page follows the other's
// step live (no reload), and the 24-hour expiry, moved by the dev clock, shows on both.
for (const viewport of VIEWPORTS) {
  test(`open offer pages follow the other party live: the offer arrives, the acceptance, the expiry (${viewport.name})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const { seller, buyer } = await sellerAndBuyer(browser, viewport, 'Lia', 'Rui');
    const suffix = Date.now().toString(36);
    const accepted = `Walnut tray ${suffix}`;
    const unanswered = `Cane chair ${suffix}`;
    const acceptedRefnum = await listItem(request, seller.person, accepted, 5000);
    const unansweredRefnum = await listItem(request, seller.person, unanswered, 2500);

    // The seller waits on the listing's offers page, reached from the dashboard.
    await seller.page.goto('/myquest/selling');
    await cardTitled(seller.page, accepted).getByRole('link', { name: 'View Offers (0)' }).click();
    await expect(seller.page.getByText('No offers yet')).toBeVisible();
    const sellersThread = seller.page.getByRole('region', { name: `Offers from ${buyer.person.nameFirst}` });

    // The buyer offers: it arrives on the seller's open page.
    await buyer.page.goto(`/${acceptedRefnum}`);
    const form = buyer.page.getByRole('form', { name: 'Make an offer' });
    await form.getByLabel('Your offer ($)').fill('42');
    await form.getByRole('button', { name: 'Make Offer' }).click();
    await expect(toast(buyer.page, 'Offer sent')).toBeVisible();
    const arrived = offerLine(sellersThread, 'Buyer offered $42.00');
    await expect(arrived).toContainText('Pending');
    await expect(arrived.getByRole('button')).toHaveText(['Counter', 'Accept', 'Decline']);

    // The buyer waits on the thread; the seller accepts: the buyer's open page shows it.
    await buyer.page.getByRole('link', { name: 'View your offer' }).click();
    const buyersThread = buyer.page.getByRole('region', { name: 'Your offers' });
    const mine = offerLine(buyersThread, 'You offered $42.00');
    await expect(mine.getByRole('button')).toHaveText(['Withdraw']);
    await arrived.getByRole('button', { name: 'Accept' }).click();
    await expect(toast(seller.page, 'Offer accepted')).toBeVisible();
    await expect(mine).toContainText('Accepted');
    await expect(buyersThread.getByRole('button')).toHaveCount(0);
    await expectPageFits(buyer.page, 'offers page (buyer) after a live acceptance');

    // The seller's dashboard counts a new offer as it is made.
    await seller.page.goto('/myquest/selling');
    const card = cardTitled(seller.page, unanswered);
    await expect(card.getByRole('link', { name: 'View Offers (0)' })).toBeVisible();
    await buyer.page.goto(`/${unansweredRefnum}`);
    await form.getByLabel('Your offer ($)').fill('20');
    await form.getByRole('button', { name: 'Make Offer' }).click();
    await expect(toast(buyer.page, 'Offer sent')).toBeVisible();
    await expect(card.getByRole('link', { name: 'View Offers (1)' })).toBeVisible();
    await card.getByRole('link', { name: 'View Offers (1)' }).click();
    const waiting = offerLine(seller.page, 'Buyer offered $20.00');
    await expect(waiting).toContainText('Pending');
    await buyer.page.getByRole('link', { name: 'View your offer' }).click();
    const unansweredMine = offerLine(buyer.page, 'You offered $20.00');
    await expect(unansweredMine).toContainText('Pending');

    // Nobody answers for 24 hours: both open pages read it expired, with nothing left to press.
    await moveDevClock(request, 1441);
    await expect(waiting).toContainText('Expired');
    await expect(waiting.getByRole('button')).toHaveCount(0);
    await expect(unansweredMine).toContainText('Expired');
    await expect(unansweredMine.getByRole('button')).toHaveCount(0);
    await expectPageFits(seller.page, 'offers page (seller) after a live expiry');
  });
}
