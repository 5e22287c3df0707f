import { formatCents, payoutMessages } from '@yardly/shared/rules';
import { hydrated } from './fixtures';
import { expectPageFits, localSale, sellerAndBuyer } from './journeys';
import { expect, test } from './page-checks';

const PHONE = { width: 384, height: 800 };

test('the bank account tab shows the balance and its history, and asks for a bank account, at 384 px', async ({
  browser,
  request,
}) => {
  const { seller, buyer } = await sellerAndBuyer(browser, PHONE, 'Sally', 'Bert');
  const { page } = seller;

  await page.goto('/settings/bank-account');
  const balance = page.getByRole('region', { name: 'Your balance' });
  await expect(balance.getByText(`${payoutMessages.noBankAccount}.`)).toBeVisible();
  await expect(balance.getByText('No sales yet: money from your sales shows here.')).toBeVisible();
  await expectPageFits(page, 'the bank account tab without a bank account');

  // $20.00 sold locally: 15% commission, $17.00 available once the code is entered.
  await localSale(request, seller.person, buyer.person, 2000);
  await page.reload();
  await expect(balance.getByText(formatCents(1700)).first()).toBeVisible();
  const history = balance.getByRole('listitem');
  // Delivered: the share leaves pending and reaches available (two entries of one movement).
  const delivered = history.filter({ hasText: 'Delivered: available' });
  await expect(delivered.filter({ hasText: `+${formatCents(1700)}` })).toHaveCount(1);
  await expect(delivered.filter({ hasText: `−${formatCents(1700)}` })).toHaveCount(1);
  await expect(history.filter({ hasText: 'Sale (held until delivery)' })).toContainText('Oak side table');
  await expectPageFits(page, 'the bank account tab with a balance and its history');

  await page.getByLabel('Account holder').fill('Sally Tester');
  await page.getByLabel('Routing number').fill('011000015');
  await page.getByLabel('Account number').fill('000123456789');
  await page.getByLabel('Date of birth').fill('07/04/1990');
  await page.getByLabel('Last 4 digits of your SSN').fill('4321');
  // The answer that carries it (a call sent as the 3-second access token lapses is answered 488 and sent again).
  const payoutAccountRead = page.waitForResponse(
    (res) => res.url().endsWith('/svc/payouts/account') && res.status() === 200,
  );
  await (await hydrated(page.getByRole('button', { name: 'Save bank account' }))).click();
  await expect(page.getByText('****6789')).toBeVisible();
  // The built-in provider has nothing to verify: no Payouts line, no Verify with Stripe.
  expect(((await (await payoutAccountRead).json()) as { data: { status: string } }).data.status).toBe('not_needed');
  await expect(page.getByRole('heading', { name: 'Payouts' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Verify with Stripe' })).toHaveCount(0);
  await expect(balance.getByText(`${payoutMessages.noBankAccount}.`)).toHaveCount(0);
  await expectPageFits(page, 'the bank account tab with a bank account');
});
