import { leaveReviewMessages, reviewMessages } from '@yardly/shared/rules';
import { dialog } from './fixtures';
import { expectPageFits, localSale, receivedFeedback, sellerAndBuyer } from './journeys';
import { expect, type Page, test } from './page-checks';

const PHONE = { width: 384, height: 800 };

async function writeReview(page: Page, title: string, stars: string, text: string) {
  const review = dialog(page, title);
  await expect(review.getByRole('group', { name: 'Your rating' })).toBeVisible();
  // A person clicks the half star; the radio inside it is what assistive technology reads.
  const radio = review.getByRole('radio', { name: stars, exact: true });
  await review
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: stars, exact: true }) })
    .click();
  await expect(radio).toBeChecked();
  await review.getByLabel('Your review').fill(text);
  await expect(review.getByText(`${text.length} / 500 characters`)).toBeVisible();
  await review.getByRole('button', { name: 'Send review' }).click();
  await expect(page.getByText(leaveReviewMessages.sent)).toBeVisible();
  return review;
}

test('both sides of a local sale review each other: hidden until both wrote, then published together, at 384 px', async ({
  browser,
  request,
}) => {
  const { seller, buyer } = await sellerAndBuyer(browser, PHONE, 'Sally', 'Bert');
  const { listingRefnum, orderId } = await localSale(request, seller.person, buyer.person, 2500);
  const sellersReviews = `/profile?user_refnum=${seller.login.userRefnum}&tab=reviews&role=seller`;

  // The buyer's order screen offers "Leave a review"; the dialog opens from it too.
  await buyer.page.goto(`/orders/${orderId}`);
  const panel = buyer.page.getByRole('region', { name: 'Reviews' });
  await panel.getByRole('button', { name: 'Leave a review' }).click();
  await expect(dialog(buyer.page, 'Review Sally T.')).toBeVisible();
  await expectPageFits(buyer.page, 'the review dialog on the order screen');
  await dialog(buyer.page, 'Review Sally T.').getByRole('button', { name: 'Close' }).click();

  // /myquest?leavefeedback=<orderId>: the dashboard with the dialog open.
  await buyer.page.goto(`/myquest?leavefeedback=${orderId}`);
  const mine = await writeReview(
    buyer.page,
    'Review Sally T.',
    '4.5 stars',
    'Friendly and on time; the table is as described.',
  );
  await expect(mine.getByText(/^Hidden until both of you have written/)).toBeVisible();
  await expectPageFits(buyer.page, 'the review dialog after sending');

  // Double-blind: nobody sees the buyer's review yet, not even on the seller's profile.
  await seller.page.goto(sellersReviews);
  await expect(seller.page.getByText(reviewMessages.empty)).toBeVisible();

  // /selling?leavefeedback=<listingRefnum>: the home page with the seller's dialog.
  await seller.page.goto(`/selling?leavefeedback=${listingRefnum}`);
  const theirs = await writeReview(seller.page, 'Review Bert T.', '5 stars', 'Paid at once and came on time.');
  await expect(theirs.getByRole('heading', { name: 'Bert T.’s review' })).toBeVisible();
  await expect(theirs.getByText('Friendly and on time; the table is as described.')).toBeVisible();
  await expect(theirs.getByText(/^Published /)).toHaveCount(2);
  await expectPageFits(seller.page, 'the review dialog with both reviews published');

  // Published together: one moment for both reviews.
  const aboutSeller = await receivedFeedback(request, seller.login.userRefnum, true);
  const aboutBuyer = await receivedFeedback(request, buyer.login.userRefnum, false);
  expect(aboutSeller.feedbacks.content[0]?.updatedAt).toBe(aboutBuyer.feedbacks.content[0]?.updatedAt);
  expect(aboutSeller.aggregate).toEqual({ rating: 4.5, count: 1 });

  // The profile tab reviews/seller shows it, with the rating.
  await buyer.page.goto(sellersReviews);
  await expect(buyer.page.getByText('Friendly and on time; the table is as described.')).toBeVisible();
  await expect(buyer.page.getByText('Bert T.', { exact: false }).first()).toBeVisible();
  await expect(buyer.page.getByRole('img', { name: 'Rated 4.5 out of 5 from 1 review' }).first()).toBeVisible();
  await expectPageFits(buyer.page, 'the seller’s reviews tab');

  // The buyer's own reviews/buyer tab shows the seller's review of them.
  await buyer.page.goto('/myprofile/reviews/buyer');
  await expect(buyer.page.getByText('Paid at once and came on time.')).toBeVisible();
  await expectPageFits(buyer.page, 'my reviews as buyer');

  await seller.page.context().close();
  await buyer.page.context().close();
});
