import { SESSION_STORAGE_KEYS } from '@yardly/shared/client';
import { DEVICE_HEADERS } from '@yardly/shared/contract';
import { GIFT_CARD_TEXT, REWARD_HOLD_HOURS, referralPath, rewardMessages, walletMessages } from '@yardly/shared/rules';
import { E2E_ADMIN } from '../playwright.config';
import { keepScreenshot } from './card-controls';
import { CODE_MAIL, dialog, fillSignUp, hydrated, newPerson, readCode } from './fixtures';
import { advanceClockTo, clockNow, expectPageFits, getAs, listItem, logInToConsole, personIn } from './journeys';
import { type APIRequestContext, expect, type Page, test } from './page-checks';

// Rewards and referrals (issue 22): a person invites a friend by email from /myrewards, the
// friend signs up through the mailed link and publishes a first listing, and both see $5.00 on
// /myrewards; the friend spends it at checkout and pays $5.00 less by card; the inviter opens
// the cash-out (the ACH popup) and the referral popup from the header's menu. At 384 px, with
// axe on /myrewards, the referral popup, the reward card, the checkout and the ACH popup.

const PHONE = { width: 384, height: 800 };

/** The path of the invitation link mailed to `email` (the api's PUBLIC_URL may name another origin). */
async function mailedLink(request: APIRequestContext, email: string): Promise<string> {
  let path = '';
  await expect
    .poll(
      async () => {
        const response = await request.get(`/svc/dev/outbox?to=${encodeURIComponent(email)}`);
        const { data } = (await response.json()) as { data: { subject: string; text: string }[] };
        const mail = data.find((m) => /invited you to Yardly/.test(m.subject));
        path = /https?:\/\/[^/\s]+(\/refer-a-friend\/\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
        return path;
      },
      { message: `the invitation mailed to ${email}` },
    )
    .not.toBe('');
  return path;
}

/** /myrewards's totals as a person reads them: 'Balance $5.00' and so on. */
async function expectTotals(page: Page, balance: string, lifetime: string) {
  const totals = page.locator('.rewards-totals');
  await expect(totals.locator('.rewards-totals__item').filter({ hasText: 'Balance' })).toContainText(balance);
  await expect(totals.locator('.rewards-totals__item').filter({ hasText: 'Lifetime' })).toContainText(lifetime);
}

test('an invited friend signs up through the mailed link, lists, and both see $5.00 on /myrewards, at 384 px', async ({
  browser,
  pageChecks,
}) => {
  pageChecks.allow({
    url: '/svc/referral/invite-email',
    status: 400,
    message: /^You cannot invite yourself/,
    reason: 'Rhea first tries her own address',
  });
  // 150 s: the history is read once more after the spend (issue 33), on a machine shared with other work.
  test.setTimeout(150_000);
  const inviter = await personIn(browser, PHONE, 'Rhea');
  const { page } = inviter;
  await page.goto('/myrewards');
  await expect(page.getByRole('heading', { level: 1, name: 'My Rewards' })).toBeVisible();
  await expectTotals(page, '$0.00', '$0.00');
  await expect(page.getByText('You have not invited anyone yet.')).toBeVisible();
  await expectPageFits(page, '/myrewards before any invitation');

  // The invite: a bad address is refused in the spec's words, oneself by the api, a friend mailed.
  const invite = page.locator('.invite-form');
  const email = invite.getByLabel('Email');
  await email.fill('not-an-email');
  await invite.getByRole('button', { name: 'Send invite' }).click();
  await expect(invite.getByText(rewardMessages.invalidEmail)).toBeVisible();
  await email.fill(inviter.person.email);
  await invite.getByRole('button', { name: 'Send invite' }).click();
  await expect(invite.getByText(rewardMessages.inviteSelf)).toBeVisible();
  const friend = newPerson('Tobin');
  await email.fill(friend.email);
  await invite.getByRole('button', { name: 'Send invite' }).click();
  await expect(invite.getByRole('status')).toHaveText(`${rewardMessages.inviteSent} to ${friend.email}`);
  await expect(page.locator('.rewards-friends')).toContainText(`${friend.email}Invited`);
  await invite.getByRole('button', { name: 'Refer again' }).click();
  await expect(invite.getByLabel('Email')).toHaveValue('');

  // The referral popup: the link to copy ('Link copied'), then 'How does this work?' in 4 steps.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Refer a friend' }).click();
  const popup = dialog(page, 'Invite friends');
  await expect(popup.getByLabel('Your invitation link')).toHaveValue(/\/refer-a-friend\/rhea-U[0-9A-Z]{11}$/);
  await popup.getByRole('button', { name: 'Copy link' }).click();
  await expect(popup.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  await expectPageFits(page, 'the referral popup, step 1');
  await popup.getByRole('button', { name: 'How does this work?' }).click();
  const how = dialog(page, 'How does this work?');
  await expect(how.getByRole('listitem')).toHaveCount(4);
  await expectPageFits(page, "the referral popup's 'How does this work?'");
  await how.getByRole('button', { name: 'Close' }).click();

  // The friend follows the mailed link, signs up there and is told what they will get.
  const link = await mailedLink(page.request, friend.email);
  const context = await browser.newContext({ viewport: PHONE });
  const friendPage = await context.newPage();
  await friendPage.goto(link);
  await expect(friendPage.getByRole('heading', { level: 1, name: 'Rhea invited you to Yardly' })).toBeVisible();
  await (await hydrated(friendPage.getByRole('button', { name: 'Sign up and get started' }))).click();
  const verify = await fillSignUp(friendPage, friend);
  await expect(verify).toContainText('Rhea invited you: post your first listing and you both get $5.00 in rewards.');
  await verify.getByLabel('6-digit code').fill(await readCode(friendPage.request, friend.email, CODE_MAIL.verify));
  await verify.getByRole('button', { name: 'Verify', exact: true }).click();
  await dialog(friendPage, 'Your email is verified').getByRole('button', { name: 'Start exploring' }).click();

  // The first listing, through the api; the grant is a job: run what is due. The rewards are held
  // 72 hours (issue 34): pending, not spendable, until the lane's clock passes them.
  await listItem(friendPage.request, friend, 'Walnut side table', 4_000);
  await expect
    .poll(async () => {
      await page.request.post('/svc/dev/clock', { data: { advanceMinutes: 0 } });
      return getAs<{ balance: number; pending: number }>(page.request, friend, '/svc/rewards');
    })
    .toMatchObject({ balance: 0, pending: 500 });
  await advanceClockTo(
    page.request,
    new Date((await clockNow(page.request)).getTime() + REWARD_HOLD_HOURS * 3_600_000),
  );
  await expect
    .poll(async () => {
      await page.request.post('/svc/dev/clock', { data: { advanceMinutes: 0 } });
      return (await getAs<{ balance: number }>(page.request, friend, '/svc/rewards')).balance;
    })
    .toBe(500);

  // The friend: greeted once by the reward card on whatever page they open next, then $5.00 on /myrewards.
  await friendPage.goto('/about-us');
  const card = dialog(friendPage, 'You earned a reward');
  await expect(card).toContainText('$5.00');
  await expectPageFits(friendPage, 'the reward card on /about-us');
  await card.getByRole('button', { name: 'Great, thanks' }).click();
  await friendPage.goto('/myrewards');
  await expectTotals(friendPage, '$5.00', '$5.00');
  await expect(friendPage.locator('.rewards-history')).toContainText('+$5.00');
  // Readable: what earned it and when (en-GB short), never a reward's internal refnum.
  await expect(friendPage.locator('.rewards-history li').first()).toHaveText(
    /^Reward for your first listing\d{1,2} [A-Z][a-z]{2} \d{4}\+\$5\.00$/,
  );
  await friendPage.reload();
  await expectTotals(friendPage, '$5.00', '$5.00');
  await expect(card).toBeHidden();

  // The inviter: $5.00, the friend rewarded.
  await page.reload();
  const inviterCard = dialog(page, 'You earned a reward');
  await inviterCard.getByRole('button', { name: 'Great, thanks' }).click();
  await expectTotals(page, '$5.00', '$5.00');
  await expect(page.locator('.rewards-friends')).toContainText('Tobin T.Rewarded');
  await expectPageFits(page, '/myrewards with a reward');

  // The friend spends the $5.00 on Rhea's $20.00 stool: the card pays $15.00.
  const stool = await listItem(page.request, inviter.person, 'Oak stool', 2_000, { buyNow: true });
  await friendPage.goto(`/checkout?itemRefnum=${stool}`);
  const item = friendPage.getByRole('region', { name: 'Your item' });
  const useRewards = friendPage.getByRole('checkbox', { name: 'Use my rewards ($5.00 available)' });
  await expect(useRewards).toBeChecked();
  await expect(item.getByRole('definition')).toHaveText(['$20.00', 'Free', '\u2212$5.00', '$15.00']);
  await expect(item.getByRole('term')).toHaveText(['Price', 'Shipping', 'Rewards', 'Total']);
  await expect(friendPage.getByRole('button', { name: 'Pay $15.00' })).toBeVisible();
  await expectPageFits(friendPage, 'the checkout with rewards');
  // Unticked, the card would pay it all; ticked again, $5.00 less.
  await useRewards.uncheck();
  await expect(friendPage.getByRole('button', { name: 'Pay $20.00' })).toBeVisible();
  await expect(item.getByRole('definition')).toHaveText(['$20.00', 'Free', '$20.00']);
  await useRewards.check();
  const pay = friendPage.getByRole('button', { name: 'Pay $15.00' });
  await expect(pay).toBeEnabled();
  const cardForm = friendPage.getByRole('form', { name: 'Card' });
  await cardForm.getByLabel('Card number').fill('4242 4242 4242 4242');
  await cardForm.getByLabel('Expiry (MM/YY)').pressSequentially('430');
  await cardForm.getByLabel('CVC').fill('123');
  await pay.click();
  await expect(friendPage).toHaveURL(/\/orderconfirmation\?listingRefnum=\w+&orderId=\w+$/);
  const orderId = new URL(friendPage.url()).searchParams.get('orderId');
  const order = await getAs<{ amount: object }>(friendPage.request, friend, `/svc/orders/${orderId}`);
  expect(order.amount).toEqual({ itemPrice: 2000, shipping: 0, rewards: 500, total: 1500 });
  expect((await getAs<{ balance: number }>(friendPage.request, friend, '/svc/rewards')).balance).toBe(0);
  // The history names what the rewards were spent on by its title, not by the order's id.
  await friendPage.goto('/myrewards');
  const spent = friendPage.locator('.rewards-history li').first();
  await expect(spent).toContainText('Spent on \u201cOak stool\u201d');
  await expect(spent).toContainText('-$5.00');
  await expect(friendPage.locator('.rewards-history')).not.toContainText(orderId ?? 'no order');
  await keepScreenshot(friendPage, 'myrewards-history');

  // Rhea cashes out: no bank account on file, so the bank part is hidden and the gift-card alternative shows.
  await page.reload();
  await page.getByRole('button', { name: 'Cash out' }).click();
  const ach = dialog(page, 'Cash out your rewards');
  await expect(ach).toContainText(walletMessages.noBankAccount);
  await expect(ach.getByRole('link', { name: 'add a bank account' })).toHaveAttribute('href', '/settings/bank-account');
  await expect(ach).toContainText(GIFT_CARD_TEXT);
  await expectPageFits(page, 'the ACH popup without a bank account');
  await ach.getByRole('button', { name: 'Close' }).click();

  // The referral popup from the header's account menu, on any page.
  await page.goto('/about-us');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Hi, Rhea' }).click();
  await page.getByRole('button', { name: 'Refer a friend' }).click();
  const fromMenu = dialog(page, 'Invite friends');
  await expect(fromMenu.getByLabel('Your invitation link')).toHaveValue(/\/refer-a-friend\/rhea-U[0-9A-Z]{11}$/);
  await expectPageFits(page, 'the referral popup from the menu');
  await context.close();
  await page.context().close();
});

test('a self-referral earns nothing: a second account signed up through one’s own link on the same device', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // One browser, one device: the inviter's account is made from it (its device_id), then a second
  // account signs up through the inviter's own link in the same browser and posts a first listing.
  const device = `e2e-self-${Date.now().toString(36)}`;
  const context = await browser.newContext({ viewport: PHONE });
  // Every document of the device but those without storage (about:blank reads it only to throw).
  await context.addInitScript(
    ([key, id]) => {
      try {
        localStorage.setItem(key, id);
      } catch {
        // An opaque origin: not the storefront's page.
      }
    },
    [SESSION_STORAGE_KEYS.deviceId, device] as const,
  );
  const page = await context.newPage();
  const inviter = newPerson('Selma');
  const headers = { [DEVICE_HEADERS.id]: device };
  const { nameFirst, nameLast, email, password } = inviter;
  expect(
    (await page.request.post('/svc/users/signup', { data: { nameFirst, nameLast, email, password }, headers })).ok(),
  ).toBe(true);
  const code = await readCode(page.request, email, CODE_MAIL.verify);
  const verified = await page.request.post('/svc/users/verify-email', { data: { email, code }, headers });
  const { userRefnum } = ((await verified.json()) as { data: { userRefnum: string } }).data;

  const second = newPerson('Selmatwo');
  await page.goto(referralPath(nameFirst, userRefnum));
  await (await hydrated(page.getByRole('button', { name: 'Sign up and get started' }))).click();
  const verify = await fillSignUp(page, second);
  await verify.getByLabel('6-digit code').fill(await readCode(page.request, second.email, CODE_MAIL.verify));
  await verify.getByRole('button', { name: 'Verify', exact: true }).click();
  await dialog(page, 'Your email is verified').getByRole('button', { name: 'Start exploring' }).click();

  // The first listing; the grant's job runs and finds the same device: nobody is rewarded.
  await listItem(page.request, second, 'Spare lamp', 1_500);
  await page.request.post('/svc/dev/clock', { data: { advanceMinutes: 0 } });
  const inviterRewards = await getAs<{ balance: number; referrals: { status: string }[] }>(
    page.request,
    inviter,
    '/svc/rewards',
  );
  expect(inviterRewards.balance).toBe(0);
  expect(inviterRewards.referrals.map((r) => r.status)).toEqual(['listed']);
  await page.goto('/myrewards');
  await expectTotals(page, '$0.00', '$0.00');
  await expect(dialog(page, 'You earned a reward')).toBeHidden();
  await context.close();
});

test('a progressive account is sent home from /myrewards', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const { email } = newPerson('Easy');
  const started = await page.request.post('/svc/users/easy-signup', { data: { email } });
  expect(started.ok(), await started.text()).toBe(true);
  const code = await readCode(page.request, email, CODE_MAIL.verify);
  const verified = await page.request.post('/svc/users/verify-email', { data: { email, code } });
  const { data } = (await verified.json()) as { data: unknown };
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    SESSION_STORAGE_KEYS.session,
    JSON.stringify(data),
  ] as const);
  await page.goto('/myrewards');
  await expect(page).toHaveURL(/\/$/);
  await context.close();
});

test('/refer-a-friend opens the referral popup for a signed-in person, at 384 px', async ({ browser }) => {
  const { page } = await personIn(browser, PHONE, 'Perry');
  await page.goto('/refer-a-friend?openReferralPopup=true');
  const popup = dialog(page, 'Invite friends');
  await expect(popup.getByLabel('Your invitation link')).toHaveValue(/\/refer-a-friend\/perry-U[0-9A-Z]{11}$/);
  await expectPageFits(page, 'the referral popup on /refer-a-friend');
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toBeHidden();
  await page.getByRole('button', { name: 'Invite friends' }).click();
  await expect(popup).toBeVisible();
  await page.context().close();
});

test("the console's Rewards shows a reward with its referral and history", async ({ page }) => {
  // The list at 384 and 1280 px with axe is admin-console.spec.ts's, beside every other console list.
  await page.setViewportSize({ width: 1280, height: 800 });
  await logInToConsole(page, E2E_ADMIN);
  await page.goto('/admin/#/rewards');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rewards');
  // The first journey of this file paid Rhea and Tobin: a reward's page with its referral and history.
  const row = page.locator('main table tbody tr').filter({ hasText: 'Granted' }).first();
  await row.click();
  const history = page.getByRole('region', { name: 'Status history' });
  // Held 72 hours, then released (issue 34).
  await expect(history.getByRole('row').filter({ hasText: 'wait' })).toHaveCount(1);
  await expect(history.getByRole('row').filter({ hasText: 'release' })).toHaveCount(1);
  await expect(page.getByText('Walnut side table')).toBeVisible();
  await expectPageFits(page, 'a reward in the console at 1280 px');
});

test('a guest who asks to invite friends on /refer-a-friend logs in and the referral popup opens once', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const gwen = await personIn(browser, PHONE, 'Gwen');
  const { person } = gwen;
  await gwen.page.context().close();
  await page.goto('/refer-a-friend');
  await (await hydrated(page.getByRole('button', { name: 'Invite friends' }))).click();
  const login = dialog(page, 'Log in');
  await expect(login).toContainText('Log in to invite your friends');
  await login.getByLabel('Email').fill(person.email);
  await login.getByLabel('Password', { exact: true }).fill(person.password);
  await login.getByRole('button', { name: 'Log in', exact: true }).click();
  const popup = dialog(page, 'Invite friends');
  await expect(popup.getByLabel('Your invitation link')).toHaveValue(/\/refer-a-friend\/gwen-U[0-9A-Z]{11}$/);
  await popup.getByRole('button', { name: 'Close' }).click();
  // Once: the next page opens none.
  await page.goto('/about-us');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(popup).toBeHidden();
  await context.close();
});
