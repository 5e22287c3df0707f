import { formatCents, payoutAccountMessages } from '@yardly/shared/rules';
import { type StripeStandIn, startStripeStandIn } from '../../api/test/stripe-stand-in';
import { hydrated, newPerson, signInByApi } from './fixtures';
import { expectPageFits, listItem } from './journeys';
import { type OwnServer, startOwnServer } from './own-server';
import { type Browser, type BrowserContext, expect, type Page, test } from './page-checks';

// The checkout when Stripe takes the payments: a second server started with Stripe's keys and
// pointed at the api's Stripe stand-in (api/test/stripe-stand-in.ts), so nothing reaches Stripe.
// The browser cannot load the real Stripe.js here either: js.stripe.com answers with a small
// stand-in for Stripe.js (its card element a frame from js.stripe.com, confirmCardPayment a
// call to api.stripe.com with the publishable key, as Stripe.js makes), and api.stripe.com is
// answered by the api's stand-in. What is real: the page's Content-Security-Policy and the
// browser enforcing it, @stripe/stripe-js loading its script, the checkout's attempts, the api
// with its Stripe adapter, saving the card and paying with it.

// E2E_PORT is the first lane's server, +1 the OpenID stand-in, +2 the second lane's server (playwright.config.ts).
const PORT = Number(process.env.E2E_PORT ?? 3210) + 3;
const BASE = `http://127.0.0.1:${PORT}`;
const PHONE = { width: 384, height: 800 };

/** Stripe.js as far as the checkout uses it; the test picks the card it "types" (a Stripe test PaymentMethod). */
const FAKE_STRIPE_JS = `(() => {
  window.fakeStripeCard = { paymentMethod: 'pm_card_visa' };
  window.Stripe = function Stripe(key) {
    return {
      elements() {
        return {
          create() {
            const handlers = {};
            let frame = null;
            return {
              mount(host) {
                frame = document.createElement('iframe');
                frame.src = 'https://js.stripe.com/fake-card-frame.html';
                frame.title = 'Secure card payment input frame';
                frame.addEventListener('load', () => handlers.ready && handlers.ready({}));
                host.appendChild(frame);
              },
              on(name, handler) { handlers[name] = handler; },
              destroy() { if (frame) frame.remove(); },
            };
          },
        };
      },
      async confirmCardPayment(clientSecret, data) {
        const id = clientSecret.split('_secret_')[0];
        const body = new URLSearchParams({ key, client_secret: clientSecret });
        if (data && data.payment_method) body.set('payment_method', window.fakeStripeCard.paymentMethod);
        const answer = await (await fetch('https://api.stripe.com/v1/payment_intents/' + id + '/confirm', { method: 'POST', body })).json();
        return answer.error ? { error: answer.error } : { paymentIntent: answer };
      },
    };
  };
})();`;

const FAKE_CARD_FRAME =
  '<!doctype html><html lang="en"><head><title>Card</title></head><body><p>Card number, expiry and CVC</p></body></html>';

let stripe: StripeStandIn;
let server: OwnServer | undefined;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  // New connected accounts start unverified, as at Stripe: the bank account tab's journey verifies one.
  stripe = await startStripeStandIn({ newAccounts: 'unverified' });
  // `pnpm start` as the suite's own server runs it, with Stripe configured and no demo data.
  server = await startOwnServer('stripe', PORT, {
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
    STRIPE_API_BASE: stripe.url,
  });
});

test.afterAll(async () => {
  await server?.stop();
  await stripe?.close();
});

interface Watched {
  page: Page;
  context: BrowserContext;
  /** Every request to a Stripe host the page made. */
  stripeRequests: string[];
}

/** A person signed up on the Stripe server, in a browser whose Stripe hosts are the stand-ins. */
async function personOnStripe(
  browser: Browser,
  name: string,
): Promise<Watched & { person: ReturnType<typeof newPerson> }> {
  const context = await browser.newContext({ viewport: PHONE, baseURL: BASE });
  const stripeRequests: string[] = [];
  context.on('request', (request) => {
    if (/^https:\/\/[^/]*stripe\.com\//.test(request.url())) stripeRequests.push(request.url());
  });
  await context.route('https://js.stripe.com/**', (route) =>
    route.request().url().endsWith('/fake-card-frame.html')
      ? route.fulfill({ contentType: 'text/html', body: FAKE_CARD_FRAME })
      : route.fulfill({ contentType: 'text/javascript', body: FAKE_STRIPE_JS }),
  );
  // Stripe.js sends the publishable key in the form; the stand-in reads it from the header.
  await context.route('https://api.stripe.com/**', async (route) => {
    const form = new URLSearchParams(route.request().postData() ?? '');
    const key = form.get('key') ?? '';
    form.delete('key');
    const answer = await fetch(`${stripe.url}${new URL(route.request().url()).pathname}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    await route.fulfill({
      status: answer.status,
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*' },
      body: await answer.text(),
    });
  });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
    );
  });
  const person = newPerson(name);
  await signInByApi(page, person);
  return { page, context, stripeRequests, person };
}

async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

async function checkoutOf(page: Page, listingRefnum: string): Promise<void> {
  await page.goto(`/${listingRefnum}`);
  await (await hydrated(page.getByRole('link', { name: 'Buy Now' }))).click();
  await expect(page).toHaveURL(`/checkout?itemRefnum=${listingRefnum}`);
}

const cardForm = (page: Page) => page.getByRole('form', { name: 'Card' });

test('with Stripe: its card element pays (the card saved), a decline shows Stripe’s words, the saved card pays the next item and its decline is shown; Stripe.js only on the checkout', async ({
  browser,
  pageChecks,
}) => {
  pageChecks.allow({
    url: '/svc/payment/createPI',
    status: 402,
    message: 'Your card has insufficient funds.',
    reason: 'the bank declines the saved card on purpose',
  });
  // Stripe answers a declined new card with 402, which Chromium logs as a failed load of its own.
  pageChecks.allowConsole(
    /^Failed to load resource: the server responded with a status of 402/,
    'Stripe declines the test card on purpose',
  );
  test.setTimeout(180_000);
  const seller = await personOnStripe(browser, 'Stella');
  const buyer = await personOnStripe(browser, 'Brook');
  const { page } = buyer;
  const stamp = Date.now().toString(36);
  const first = await listItem(seller.page.request, seller.person, `Rush mat ${stamp}`, 1900, { buyNow: true });
  const second = await listItem(seller.page.request, seller.person, `Rush basket ${stamp}`, 2600, { buyNow: true });
  const third = await listItem(seller.page.request, seller.person, `Rush stool ${stamp}`, 1300, { buyNow: true });

  // Pages other than the checkout never load Stripe.js.
  await page.goto('/');
  await page.goto(`/${first}`);
  await hydrated(page.getByRole('link', { name: 'Buy Now' }));
  await page.goto('/settings/account');
  await expect(page.getByRole('region', { name: 'Payment cards' })).toContainText('You have no saved payment cards.');
  expect(buyer.stripeRequests).toEqual([]);

  // The checkout's policy names Stripe's script, frames and api, and keeps the page's own scripts to their hashes.
  const response = await page.goto(`/checkout?itemRefnum=${first}`);
  const policy = (await response?.headersArray())
    ?.filter((h) => h.name.toLowerCase() === 'content-security-policy')
    .map((h) => h.value)
    .join('; ');
  expect(policy).toMatch(/script-src 'self' https:\/\/js\.stripe\.com https:\/\/\*\.js\.stripe\.com 'sha256-/);
  expect(policy).toContain('frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com');
  expect(policy).toContain("connect-src 'self' https://api.stripe.com");
  expect(policy).toContain("frame-ancestors 'none'");

  // Stripe's card element, no test-mode notice; the card is saved for next time.
  await checkoutOf(page, first);
  const form = cardForm(page);
  await expect(form.getByRole('group', { name: 'Card' }).locator('iframe')).toBeVisible();
  await expect(page.getByRole('note', { name: 'Test mode' })).toHaveCount(0);
  await expect(form.getByLabel('Card number')).toHaveCount(0);
  await form.getByRole('checkbox', { name: 'Save this card for next time' }).check();
  await expectPageFits(page, 'checkout with Stripe’s card element');
  await form.getByRole('button', { name: `Pay ${formatCents(1900)}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  expect(buyer.stripeRequests.some((url) => url.startsWith('https://js.stripe.com/'))).toBe(true);
  expect(buyer.stripeRequests.filter((url) => url.startsWith('https://api.stripe.com/'))).toHaveLength(1);

  // A declined new card: Stripe's words beside the card, nothing bought.
  await checkoutOf(page, second);
  const payWith = cardForm(page).getByRole('group', { name: 'Pay with' });
  await expect(payWith.getByRole('radio', { name: /ending in 4242, exp\. 12\/34/ })).toBeChecked();
  await payWith.getByRole('radio', { name: 'Use a new card' }).check();
  await expect(cardForm(page).getByRole('group', { name: 'Card' }).locator('iframe')).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { fakeStripeCard: { paymentMethod: string } }).fakeStripeCard.paymentMethod =
      'pm_card_chargeDeclined';
  });
  await cardForm(page)
    .getByRole('button', { name: `Pay ${formatCents(2600)}` })
    .click();
  await expect(cardForm(page).getByRole('alert')).toHaveText('Your card was declined.');
  await expect(page).toHaveURL(/\/checkout\?/);

  // The saved card pays it: the api confirms it with Stripe, the browser types nothing.
  const apiCallsBefore = buyer.stripeRequests.filter((url) => url.startsWith('https://api.stripe.com/')).length;
  await payWith.getByRole('radio', { name: /ending in 4242/ }).check();
  await expect(cardForm(page).getByRole('alert')).toHaveCount(0);
  await cardForm(page)
    .getByRole('button', { name: `Pay ${formatCents(2600)}` })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  expect(buyer.stripeRequests.filter((url) => url.startsWith('https://api.stripe.com/'))).toHaveLength(apiCallsBefore);
  expect(await cspViolations(page)).toEqual([]);

  // The bank declines the saved card from now on (402 from createPI): its words, and the item stays
  // buyable with another card.
  const savedCard = stripe.objects('pm').find((pm) => (pm.card as { last4: string }).last4 === '4242');
  stripe.declineFrom(String(savedCard?.id), 'insufficient_funds');
  await checkoutOf(page, third);
  await expect(payWith.getByRole('radio', { name: /ending in 4242/ })).toBeChecked();
  await cardForm(page)
    .getByRole('button', { name: `Pay ${formatCents(1300)}` })
    .click();
  await expect(cardForm(page).getByRole('alert')).toHaveText('Your card has insufficient funds.');
  await expect(page).toHaveURL(/\/checkout\?/);
  await payWith.getByRole('radio', { name: 'Use a new card' }).check();
  await expect(cardForm(page).getByRole('group', { name: 'Card' }).locator('iframe')).toBeVisible();
  await cardForm(page)
    .getByRole('button', { name: `Pay ${formatCents(1300)}` })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  expect(await cspViolations(page)).toEqual([]);

  // The payments are captured at Stripe for their orders; the declined ones hold nothing.
  await expect
    .poll(() =>
      stripe
        .objects('pi')
        .map((intent) => `${intent.amount} ${intent.status}`)
        .sort(),
    )
    .toEqual(expect.arrayContaining([`1300 succeeded`, `1900 succeeded`, `2600 succeeded`]));
  expect(
    stripe.objects('pi').filter((intent) => intent.status === 'requires_capture'),
    'no authorisation left held',
  ).toEqual([]);
});

test('with Stripe: the bank account tab asks the seller to verify, Verify with Stripe opens Stripe, and back from it the seller is verified, at 384 px', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { page, context } = await personOnStripe(browser, 'Vera');
  // Stripe's hosted onboarding, as far as this journey sees it: a page on connect.stripe.com.
  await context.route('https://connect.stripe.com/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><head><title>Stripe</title></head><body><p>Verify your identity</p></body></html>',
    }),
  );
  await page.goto('/settings/bank-account');
  await page.getByLabel('Account holder').fill('Vera Tester');
  await page.getByLabel('Routing number').fill('011000015');
  await page.getByLabel('Account number').fill('000123456789');
  await page.getByLabel('Date of birth').fill('07/04/1990');
  await page.getByLabel('Last 4 digits of your SSN').fill('4321');
  await (await hydrated(page.getByRole('button', { name: 'Save bank account' }))).click();
  await expect(page.getByRole('heading', { name: 'Payouts' })).toBeVisible();
  await expect(page.getByText(payoutAccountMessages.actionRequired)).toBeVisible();
  await expectPageFits(page, 'the bank account tab of a seller Stripe has not verified');

  await page.getByRole('button', { name: 'Verify with Stripe' }).click();
  await expect(page).toHaveURL(/^https:\/\/connect\.stripe\.com\/setup\//);
  const link = stripe.accountLinks().at(-1);
  expect(link).toMatchObject({
    type: 'account_onboarding',
    return_url: `${BASE}/settings/bank-account?onboarding=return`,
  });

  // The seller finishes at Stripe, which verifies them and sends them back.
  stripe.setAccountState(String(link?.account), 'verified');
  await page.goto(String(link?.return_url));
  await expect(page.getByText(payoutAccountMessages.verified)).toBeVisible();
  await expect(page).toHaveURL(`${BASE}/settings/bank-account`);
  await expect(page.getByRole('button', { name: 'Verify with Stripe' })).toHaveCount(0);
  await expectPageFits(page, 'the bank account tab of a verified seller');
  await context.close();
});
