import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { payoutMessages } from '@yardly/shared/rules';
import { E2E_ADMIN } from '../playwright.config';
import { expectPageFits, listItem, logInToConsole, personIn, shippedSale } from './journeys';
import { expect, test } from './page-checks';

/** With E2E_SHOTS_DIR set, what the admin sees is kept for a person to look at. */
const SHOTS = process.env.E2E_SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

test("the console's Refund: an admin refunds a paid order in full with a reason, at 384 and 1280 px", async ({
  browser,
  request,
}) => {
  const { person: seller, page: sellerPage } = await personIn(browser, { width: 1280, height: 800 }, 'Stella');
  const { person: buyer, page: buyerPage } = await personIn(browser, { width: 1280, height: 800 }, 'Bruno');
  const stamp = Date.now().toString(36);
  const orders: string[] = [];
  for (const title of [`Brass lamp ${stamp}`, `Cane chair ${stamp}`]) {
    orders.push(
      await shippedSale(
        request,
        buyer,
        await listItem(request, seller, title, 3000, { buyNow: true, shippable: true }),
      ),
    );
  }
  await sellerPage.context().close();
  await buyerPage.context().close();

  for (const [index, width] of [384, 1280].entries()) {
    const orderId = orders[index] ?? '';
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await logInToConsole(page, E2E_ADMIN);
    await page.goto(`/admin/#/orders/${orderId}/show`);
    // The order table lets an admin cancel a paid order: the Refund, in words on a phone too.
    const refund = page.getByRole('button', { name: 'Refund' });
    await expect(refund).toHaveText('Refund');
    await expectPageFits(page, `a paid order in the console at ${width} px`);
    await refund.click();

    const dialog = page.getByRole('dialog', { name: `Refund order ${orderId}` });
    await expect(dialog.getByText('The buyer gets the whole payment back ($')).toBeVisible();
    // No reason, no refund: the api's own words on the field.
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await expect(dialog.getByText(payoutMessages.refundReasonRequired)).toBeVisible();
    await shot(page, `console-refund-dialog-${width}`);
    await dialog.getByLabel('Reason (kept in the audit log)').fill('Arrived broken');
    await dialog.getByRole('button', { name: 'Refund' }).click();

    await expect(page.getByText('Refunded in full; buyer and seller were notified')).toBeVisible();
    await expect(page.getByText('Cancelled (refunded)')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Refund' })).toHaveCount(0);
    await expect(page.getByText('Arrived broken')).toBeVisible();
    await shot(page, `console-refund-done-${width}`);
    await context.close();
  }
});
