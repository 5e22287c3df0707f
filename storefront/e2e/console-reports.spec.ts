import { E2E_ADMIN } from '../playwright.config';
import { expectPageFits, listItem, logInToConsole, personIn, post } from './journeys';
import { expect, test } from './page-checks';

test("the console's report queue: an admin sees an open report's buttons in words and resolves it, at 384 and 1280 px", async ({
  browser,
  request,
}) => {
  const { person: seller, page: sellerPage } = await personIn(browser, { width: 1280, height: 800 }, 'Sheila');
  const { person: reporter, page: reporterPage } = await personIn(browser, { width: 1280, height: 800 }, 'Rita');
  const stamp = Date.now().toString(36);
  const listed: { title: string; refnum: string }[] = [];
  for (const title of [`Suspicious lamp ${stamp}`, `Odd clock ${stamp}`]) {
    const refnum = await listItem(request, seller, title, 2500);
    await post(request, reporter, '/svc/listing/reports/create', {
      listingRefnum: refnum,
      reason: 'scam',
      details: 'Too cheap',
    });
    listed.push({ title, refnum });
  }
  await sellerPage.context().close();
  await reporterPage.context().close();

  for (const [index, width] of [384, 1280].entries()) {
    const { title, refnum } = listed[index] ?? { title: '', refnum: '' };
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await logInToConsole(page, E2E_ADMIN);
    // The listing's moderation buttons: the table's events for an admin, in words on a phone too.
    await page.goto(`/admin/#/listings/${refnum}/show`);
    await expect(page.getByRole('button', { name: 'Deactivate' })).toHaveText('Deactivate');
    await expect(page.getByRole('button', { name: 'Remove' })).toHaveText('Remove');
    await expectPageFits(page, `a listing in the console at ${width} px`);

    await page.goto('/admin/#/reports');
    const row = page.locator('main table tbody tr').filter({ hasText: title });
    await expect(row.getByRole('button', { name: 'Remove listing' })).toHaveText('Remove listing');
    await row.getByRole('cell', { name: title }).click();
    await expect(page).toHaveURL(/\/admin\/#\/reports\/\d+\/show/);
    const noAction = page.getByRole('button', { name: 'No action' });
    await expect(noAction).toHaveText('No action');
    await expectPageFits(page, `an open report in the console at ${width} px`);
    await noAction.click();
    await expect(page.getByText('Report resolved; the reporter was notified')).toBeVisible();
    await expect(noAction).toHaveCount(0);
    await context.close();
  }
});
