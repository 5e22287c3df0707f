import { SESSION_STORAGE_KEYS } from '@yardly/shared/client';
import type { CategoryNode, LoginData } from '@yardly/shared/contract';
import { donationConversationPath } from '@yardly/shared/rules';
import { E2E_ADMIN } from '../playwright.config';
import { expectCardControlsHittable, keepScreenshot } from './card-controls';
import { CODE_MAIL, dialog, hydrated, newPerson, type Person, readCode } from './fixtures';
import { expectPageFits, logInToConsole } from './journeys';
import { type OwnServer, startOwnServer } from './own-server';
import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from './page-checks';

// Donations (issue 21) with the donation flag on: a server of its own started by `pnpm start`
// with PUBLIC_DONATION_ENABLED=true, so it serves the flag-on builds (storefront/dist-donation,
// admin/dist-donation; docs/decisions/0035). The other journeys run on the default (flag-off) build.

// E2E_PORT is the first lane's server, +1 the OpenID stand-in, +2 the second lane's, +3 the Stripe server.
const PORT = Number(process.env.E2E_PORT ?? 3210) + 4;
const BASE = `http://127.0.0.1:${PORT}`;
const PHONE = { width: 384, height: 800 };
const DESKTOP = { width: 1280, height: 900 };
const ITEM_ZIP = '10001';

let server: OwnServer | undefined;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer('donation', PORT, {
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    PUBLIC_DONATION_ENABLED: 'true',
  });
});

test.afterAll(async () => {
  await server?.stop();
});

/** A fresh access token (they live minutes here, but a journey should not lean on it). */
async function bearer(request: APIRequestContext, who: { email: string; password: string }) {
  const login = await request.post('/svc/users/login', { data: { email: who.email, password: who.password } });
  expect(login.ok(), await login.text()).toBe(true);
  return { authorization: `Bearer ${((await login.json()) as { data: LoginData }).data.token}` };
}

async function call<T>(
  request: APIRequestContext,
  who: { email: string; password: string },
  method: 'GET' | 'POST',
  url: string,
  data?: object,
): Promise<T> {
  const res = await request.fetch(url, { method, data, headers: await bearer(request, who) });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  const body = (await res.json()) as { data?: T } & T;
  // The console's REST dialect answers the record itself; /svc calls the envelope.
  return (body.data ?? body) as T;
}

/**
 * Someone signed up and verified through the api, with a work email verified at `workDomain`
 * when given (a charity's member); the login data taken after it is stored for the next page.
 */
async function personIn(browser: Browser, name: string, viewport: typeof PHONE, workDomain?: string) {
  const context = await browser.newContext({ viewport, baseURL: BASE });
  const page = await context.newPage();
  const { request } = page;
  const person = newPerson(name);
  const { nameFirst, nameLast, email, password } = person;
  const signup = await request.post('/svc/users/signup', { data: { nameFirst, nameLast, email, password } });
  expect(signup.ok(), await signup.text()).toBe(true);
  const code = await readCode(request, email, CODE_MAIL.verify);
  const verified = await request.post('/svc/users/verify-email', { data: { email, code } });
  expect(verified.ok(), await verified.text()).toBe(true);
  if (workDomain) {
    const workEmail = `${nameFirst.toLowerCase()}@${workDomain}`;
    await call(request, person, 'POST', '/svc/users/verify-profession', { workEmail });
    const workCode = await readCode(request, workEmail, CODE_MAIL.workEmail);
    await call(request, person, 'POST', '/svc/users/verify-profession-code', { workEmail, code: workCode });
  }
  const login = await request.post('/svc/users/login', { data: { email, password } });
  const data = ((await login.json()) as { data: LoginData }).data;
  await page.addInitScript(
    ([key, value, locationKey, location]) => {
      if (!sessionStorage.getItem('e2e.signedIn')) {
        sessionStorage.setItem('e2e.signedIn', '1');
        localStorage.setItem(key, value);
        localStorage.setItem(locationKey, location);
      }
    },
    [
      SESSION_STORAGE_KEYS.session,
      JSON.stringify(data),
      'yardly.location',
      JSON.stringify({ zip: ITEM_ZIP, location: '40.7506,-73.9972', formattedAddress: 'New York, NY 10001' }),
    ] as const,
  );
  return { person, page, login: data };
}

/** A donation of `donor`'s in Clothing and Shoes at ITEM_ZIP, made through the api: its refnum. */
async function listDonation(request: APIRequestContext, donor: Person, title: string): Promise<string> {
  const tree = ((await (await request.get('/svc/categories/all')).json()) as { data: CategoryNode[] }).data;
  const clothing = tree.find((category) => category.categoryTitle === 'Clothing and Shoes');
  const subCategory = clothing?.subCategories.find((s) => /coat|outer|women|men/i.test(s.categoryTitle));
  const categoryRefnum = (subCategory ?? clothing?.subCategories[0] ?? clothing)?.categoryRefnum;
  if (!categoryRefnum) throw new Error('the seeded taxonomy has Clothing and Shoes');
  const draft = await call<{ inputSourceRandomRefnum: string }>(
    request,
    donor,
    'GET',
    '/svc/listings/inputSourceRandomRefnum',
  );
  const created = await call<{ listingRefnum: string }>(request, donor, 'POST', '/svc/listings/create/v2', {
    inputSourceRandomRefnum: draft.inputSourceRandomRefnum,
    listingTitle: title,
    listingDescription: 'A warm navy wool coat, size M, worn two winters.',
    categoryRefnum,
    condition: 'used',
    properties: {},
    listingPrice: 0,
    weightLbs: 4,
    shippable: false,
    meetToDeliver: true,
    offerFreeDelivery: false,
    buyNow: false,
    zip: ITEM_ZIP,
    donation: true,
    draft: false,
  });
  return created.listingRefnum;
}

/** Fills the account's address form (spec section 5's fields) and saves it. */
async function fillAddress(scope: Locator, who: Person, line1: string, city: string, state: string, zip: string) {
  await scope.getByLabel('First name').fill(who.nameFirst);
  await scope.getByLabel('Last name').fill(who.nameLast);
  await scope.getByLabel('Address line 1').fill(line1);
  await scope.getByLabel('City').fill(city);
  await scope.getByLabel('State').fill(state);
  await scope.getByLabel('State').blur();
  await scope.getByLabel('Zip code').fill(zip);
  await scope.getByLabel('Phone number').fill('5551234567');
  await scope.getByRole('button', { name: 'Save address' }).click();
}

function toast(page: Page): Locator {
  return page.locator('.toast');
}

test('a donor gives a coat to a charity: requested, pickup confirmed at the item zip, messaged, picked up, received, Donated, receipt mailed', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  const domain = `warmhands-${stamp}.org`;
  const title = `Navy wool coat ${stamp}`;
  const admin = await browser.newContext({ viewport: DESKTOP, baseURL: BASE });
  const adminRequest = admin.request;

  // The admin makes a verified charity and its work-email domain through the console's api.
  const charity = await call<{ id: string }>(adminRequest, E2E_ADMIN, 'POST', '/svc/admin/organizations', {
    name: `Warm Hands ${stamp}`,
    status: 'VERIFIED',
    isB2B: false,
    kind: 'charity',
  });
  await call(adminRequest, E2E_ADMIN, 'POST', '/svc/admin/work-email-domains', {
    domain,
    organizationId: charity.id,
  });

  const donor = await personIn(browser, 'Dana', PHONE);
  const recipient = await personIn(browser, 'Remy', PHONE, domain);
  expect(recipient.login.isDonationRecipient, 'a verified member of a verified charity may ask').toBe(true);
  expect(donor.login.isDonationRecipient).toBe(false);
  const listingRefnum = await listDonation(donor.page.request, donor.person, title);

  // The recipient finds it among the donations near them and requests it.
  const { page: rPage } = recipient;
  await rPage.goto('/why-donate');
  const near = rPage.getByRole('region', { name: 'Donations near you' });
  await expect(near.getByRole('article').filter({ hasText: title })).toBeVisible();
  // A donation's card shows a free gift: not '$0.00', and nothing to buy or offer on (issue 33).
  const gift = near.getByRole('article').filter({ hasText: title });
  await expect(gift.locator('.card__price')).toHaveText('Free');
  await expect(gift.getByRole('listitem')).toHaveText(['Free gift (donation)']);
  await expect(gift).not.toContainText('$0.00');
  await expect(gift).not.toContainText(/Buy Now|Make Offer/);
  await keepScreenshot(rPage, 'donations-near-you');
  await expectPageFits(rPage, 'donations near you on /why-donate');
  await near.getByRole('article').filter({ hasText: title }).getByRole('link').first().click();
  await expect(rPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await (await hydrated(rPage.getByRole('button', { name: 'Request donation' }))).click();
  const rPanel = rPage.getByRole('region', { name: 'Donation' });
  await expect(rPanel.getByText('Requested, waiting for the donor')).toBeVisible();
  await expect(rPanel.getByRole('link', { name: 'Message the donor' })).toBeVisible();
  await expectPageFits(rPage, "the item's donation panel, requested");

  // The donor, on a phone: from the item to the confirmation page.
  const { page: dPage } = donor;
  // On the donor's dashboard too, the same free gift, its actions all answering a click.
  await dPage.goto('/myquest/selling');
  const given = dPage.getByRole('article').filter({ hasText: title });
  await expect(given.locator('.card__price')).toHaveText('Free');
  await expect(given).not.toContainText(/\$0\.00|Buy Now|Make Offer/);
  await expectCardControlsHittable(dPage, "the donor's /myquest/selling");
  await keepScreenshot(dPage, 'donor-dashboard');
  await dPage.goto(`/${listingRefnum}`);
  const dPanel = dPage.getByRole('region', { name: 'Donation' });
  await hydrated(dPanel.getByRole('link', { name: 'Confirm pickup address' }));
  await expectPageFits(dPage, "the donor's item page with the donation panel");
  await dPanel.getByRole('link', { name: 'Confirm pickup address' }).click();
  await expect(dPage).toHaveURL(/\/confirm-donation\?/);
  const query = new URL(dPage.url()).searchParams;
  expect(Object.fromEntries(query)).toEqual({
    listingRefnum,
    donarRefnum: donor.login.userRefnum,
    recipientRefnum: recipient.login.userRefnum,
    itemZip: ITEM_ZIP,
  });
  await expect(dPage.getByRole('heading', { level: 1, name: 'Donation Confirmation' })).toBeVisible();
  await expect(dPage.getByRole('button', { name: 'Back' })).toBeVisible();
  // No saved address yet: the form is on the page. The donor enters one in Boston: the wrong zip.
  const enter = dPage.getByRole('region', { name: 'Enter your pickup address' });
  await expect(enter).toBeVisible();
  await expectPageFits(dPage, 'the donation confirmation, first address');
  await fillAddress(enter, donor.person, '5 Elm St', 'Boston', 'Massachusetts', '02108');
  await expect(dPage.getByRole('radio', { name: /02108/ })).toBeVisible();
  await expect(dPage.getByRole('heading', { name: 'Add pickup address' })).toBeVisible();

  // Nothing chosen (a fresh page): the warning; the Boston address: the spec's zip message.
  await dPage.reload();
  await (await hydrated(dPage.getByRole('button', { name: 'Confirm pickup address' }))).click();
  await expect(toast(dPage)).toContainText('Select an address');
  await expect(toast(dPage)).toHaveClass(/toast--warning/);
  await dPage.getByRole('radio', { name: /02108/ }).check();
  await dPage.getByRole('button', { name: 'Confirm pickup address' }).click();
  await expect(toast(dPage)).toContainText(`Please select an address at zip code ${ITEM_ZIP}`);
  await expect(toast(dPage)).toHaveClass(/toast--error/);
  await expectPageFits(dPage, 'the donation confirmation with a wrong-zip address');

  // A second address, at the item's zip, through the add-new form in the page. Choosing the
  // Boston address over the half-filled form asks first (spec section 5); No keeps the form.
  const add = dPage.getByRole('region', { name: 'Add pickup address' });
  await dPage.reload();
  await (await hydrated(dPage.getByRole('button', { name: 'Add New Address' }))).click();
  await add.getByLabel('Address line 1').fill('350 5th Ave');
  const boston = dPage.getByRole('radio', { name: /02108/ });
  await boston.click();
  const askSelect = dialog(dPage, 'Please confirm');
  await expect(askSelect).toContainText('The address is not saved. Do you want to select another address?');
  await expectPageFits(dPage, "the donation confirmation asking before the add-new form's address is dropped");
  await askSelect.getByRole('button', { name: 'No' }).click();
  await expect(askSelect).toBeHidden();
  await expect(add.getByLabel('Address line 1')).toHaveValue('350 5th Ave');
  await expect(boston).not.toBeChecked();
  await fillAddress(add, donor.person, '350 5th Ave', 'New York', 'New York', ITEM_ZIP);
  // Saved: chosen, and the form closes after its second.
  await expect(dPage.getByRole('radio', { name: new RegExp(ITEM_ZIP) })).toBeChecked();
  await expect(add.getByLabel('Address line 1')).toHaveCount(0);
  await dPage.getByRole('button', { name: 'Confirm pickup address' }).click();
  const messagesPath = donationConversationPath(listingRefnum, donor.login.userRefnum, recipient.login.userRefnum);
  await expect(dPage).toHaveURL(messagesPath);

  // They message: the donor on the conversation page, the recipient answers on theirs.
  await expect(dPage.getByRole('heading', { level: 1, name: `Messages about ${title}` })).toBeVisible();
  await dPage.getByLabel('Your message').fill('The coat is ready by the door, any weekday morning.');
  await dPage.getByRole('button', { name: 'Send' }).click();
  await expect(dPage.getByRole('log', { name: 'Messages' })).toContainText('ready by the door');
  await expectPageFits(dPage, 'the donation conversation');
  await rPage.goto(messagesPath);
  await expect(rPage.getByRole('log', { name: 'Messages' })).toContainText('ready by the door');
  await rPage.getByLabel('Your message').fill('Thank you! We will come on Tuesday.');
  await rPage.getByRole('button', { name: 'Send' }).click();
  await expect(dPage.getByRole('log', { name: 'Messages' })).toContainText('come on Tuesday');

  // The admin processes it in the console's process-donations: a contact note, then the pickup.
  const cPage = await admin.newPage();
  await logInToConsole(cPage, E2E_ADMIN);
  await cPage.goto('/donation/process-donations');
  await expect(cPage).toHaveURL(/\/admin\/#\/process-donations/);
  await expect(cPage.getByRole('cell', { name: title })).toBeVisible();
  await expectPageFits(cPage, "the console's process-donations queue");
  await cPage.setViewportSize(PHONE);
  await expectPageFits(cPage, "the console's process-donations queue on a phone");
  await cPage.setViewportSize(DESKTOP);
  await cPage.getByRole('cell', { name: title }).click();
  await expect(cPage).toHaveURL(/\/admin\/#\/process-donations\/[^/]+\/show/);
  await expect(cPage.getByLabel('Add a contact note')).toBeVisible();
  await expectPageFits(cPage, "the console's donation page");
  await cPage.getByLabel('Add a contact note').fill('Called the donor: pickup on Tuesday morning.');
  await cPage.getByRole('button', { name: 'Add contact note' }).click();
  await expect(cPage.getByText('Contact note added')).toBeVisible();
  await expect(cPage.getByRole('cell', { name: 'Called the donor: pickup on Tuesday morning.' })).toBeVisible();
  await cPage.getByRole('button', { name: 'Mark as picked up' }).click();
  await expect(cPage.getByText('Marked as picked up')).toBeVisible();

  // The recipient marks it received; the item shows 'Donated'.
  await rPage.goto(`/${listingRefnum}`);
  await expect(rPanel.getByText('Picked up', { exact: false }).first()).toBeVisible();
  await (await hydrated(rPanel.getByRole('button', { name: 'Mark as received' }))).click();
  await expect(rPanel.getByText('Received by the charity')).toBeVisible();
  await dPage.goto(`/${listingRefnum}`);
  await expect(dPage.locator('.item__status')).toHaveText('Donated');

  // The donor's receipt is in the dev outbox.
  await expect
    .poll(async () => {
      const res = await dPage.request.get(`/svc/dev/outbox?to=${encodeURIComponent(donor.person.email)}`);
      const { data } = (await res.json()) as { data: { subject: string; text: string }[] };
      return data.find((mail) => /receipt/i.test(mail.subject))?.text ?? '';
    })
    .toContain(title);

  await admin.close();
  await donor.page.context().close();
  await recipient.page.context().close();
});
