import { mkdirSync } from 'node:fs';
import { expectPageFits, listItem, post, sellerAndBuyer } from './journeys';
import { expect, type Page, test } from './page-checks';

// Issue 37 item 3, the storefront's part: a buyer saves a listing with the heart, its seller
// offers a lower price to everyone who saved it ("Offer to likers"), the buyer is told and accepts.

const VIEWPORTS = [
  { name: 'wide', width: 1280, height: 800 },
  { name: '384 px', width: 384, height: 800 },
] as const;

/** Where the journey keeps its pictures of the new button and dialog, to be looked at (not compared). */
const SHOTS = process.env.E2E_SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

for (const viewport of VIEWPORTS) {
  test(`a buyer saves a listing, the seller offers to likers, the buyer accepts from the notification (${viewport.name})`, async ({
    browser,
    request,
    pageChecks,
  }) => {
    pageChecks.allow({
      url: '/svc/offer/likers',
      status: 409,
      message: 'This listing is deactivated and takes no offers',
      reason: 'the journey deactivates the listing while the dialog is open, to see the api refuse',
    });
    test.setTimeout(120_000);
    const { seller, buyer } = await sellerAndBuyer(browser, viewport, 'Sal', 'Bo');
    const title = `Walnut shelf ${Date.now().toString(36)}`;
    const listingRefnum = await listItem(request, seller.person, title, 4000);
    const width = viewport.width;

    // Nobody saved it yet: the seller sees no Offer to likers.
    await seller.page.goto(`/${listingRefnum}`);
    await expect(seller.page.getByText('This is your listing.')).toBeVisible();
    await expect(seller.page.getByRole('link', { name: /^View Offers/ })).toBeVisible();
    await expect(seller.page.getByRole('button', { name: /^Offer to likers/ })).toHaveCount(0);

    // The buyer hearts it on the item page.
    await buyer.page.goto(`/${listingRefnum}`);
    await buyer.page.getByRole('button', { name: `Save ${title} to favourites` }).click();
    await expect(buyer.page.getByRole('button', { name: `Remove ${title} from favourites` })).toBeVisible();

    // The seller's item page now offers it, with the count.
    await seller.page.reload();
    const open = seller.page.getByRole('button', { name: 'Offer to likers (1)' });
    await expect(open).toBeVisible();
    await expectPageFits(seller.page, 'item page with Offer to likers');
    await open.scrollIntoViewIfNeeded();
    await shot(seller.page, `offer-to-likers-button-${width}`);
    await open.click();
    const dialog = seller.page.getByRole('dialog', { name: 'Offer to likers' });
    await expect(dialog).toContainText(
      'Offer a price below $40.00 to the 1 person who saved this listing. Each can accept it for 24 hours',
    );
    const price = dialog.getByLabel('Your offer ($)');
    await expect(price).toHaveValue('36');
    await shot(seller.page, `offer-to-likers-dialog-${width}`);
    // Not below the current price: the same words the api would answer, on the field.
    await price.fill('40');
    await dialog.getByRole('button', { name: 'Send offer' }).click();
    await expect(dialog.getByText('An offer to likers must be below the listing price of $40.00')).toBeVisible();
    await expect(price).toHaveAttribute('aria-invalid', 'true');
    await shot(seller.page, `offer-to-likers-dialog-error-${width}`);
    // The api's refusal, read from its envelope: the listing was deactivated meanwhile.
    await post(request, seller.person, '/svc/listing/toggle-active-status', { listingRefnum });
    await price.fill('30');
    await dialog.getByRole('button', { name: 'Send offer' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('This listing is deactivated and takes no offers');
    await post(request, seller.person, '/svc/listing/toggle-active-status', { listingRefnum });
    await dialog.getByRole('button', { name: 'Send offer' }).click();
    await expect(
      seller.page.getByRole('status').getByText('Offer sent to 1 person who saved this listing'),
    ).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(seller.page.getByText(/^Offer to likers sent\. You can make the next one after /)).toBeVisible();
    await expect(seller.page.getByRole('button', { name: /^Offer to likers/ })).toHaveCount(0);
    await expectPageFits(seller.page, 'item page after an offer to likers');

    // The buyer is told, by the seller's name, and the offer waits on their buying dashboard.
    await buyer.page.goto('/notifications');
    const notice = buyer.page.getByRole('link', { name: `Sal T. offered $30.00 on “${title}”` });
    await expect(notice).toBeVisible();
    await expectPageFits(buyer.page, 'notifications with an offer to likers');
    await buyer.page.goto('/myquest/buying');
    const card = buyer.page.getByRole('listitem').filter({ hasText: title });
    await expect(card).toContainText('Latest offer $30.00');
    await expectPageFits(buyer.page, 'My Dashboard, buying, with an offer to likers');

    // From the notification to the offer thread: the buyer accepts.
    await buyer.page.goto('/notifications');
    await notice.click();
    await expect(buyer.page).toHaveURL(/\/offers\/[A-Za-z0-9_-]+$/);
    const thread = buyer.page.getByRole('region', { name: 'Your offers' });
    const offer = thread.getByRole('listitem', { name: 'Seller offered $30.00' });
    await expect(offer).toContainText('Pending');
    await expect(offer.getByRole('button')).toHaveText(['Counter', 'Accept', 'Decline']);
    await expectPageFits(buyer.page, 'offer thread of an offer to likers');
    await offer.getByRole('button', { name: 'Accept' }).click();
    await expect(buyer.page.getByRole('status').getByText('Offer accepted')).toBeVisible();
    await expect(offer).toContainText('Accepted');

    // The seller's item page: reserved for the buyer, no Offer to likers any more.
    await seller.page.reload();
    await expect(seller.page.getByText('This is your listing.')).toBeVisible();
    await expect(seller.page.getByText(/^Offer to likers sent/)).toHaveCount(0);
    await expect(seller.page.getByRole('button', { name: /^Offer to likers/ })).toHaveCount(0);
  });
}
