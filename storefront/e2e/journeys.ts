import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import type { CategoryNode, LoginData, OrganizationRecord, ReceivedFeedback } from '@yardly/shared/contract';
import { E2E_ADMIN } from '../playwright.config';
import { devClockMoved, devClockMoving } from './browser-clock';
import { dialog, newPerson, type Person, signInByApi } from './fixtures';
import { expectNoSidewaysScroll } from './page-checks';

// Journeys between two people (offers, messages): each in their own browser context, signed in
// through the api, with a listing made through the api.

export async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    what,
  ).toEqual([]);
}

/**
 * Nothing runs off the side of the page, and axe finds nothing (all its rules, best practices
 * too). Every step is also looked at by page-checks.ts; this asserts it at a journey's own moment.
 */
export async function expectPageFits(page: Page, what: string): Promise<void> {
  // A page whose island renders its content (the order page is client-only) is looked at once it
  // has: its level-1 heading is what a person reads first. Without one, axe below says so.
  await page
    .getByRole('heading', { level: 1 })
    .first()
    .waitFor({ state: 'visible', timeout: 10_000 })
    .catch(() => undefined);
  // Retried: a page laid out for another width (the console after a resize) settles in a moment.
  await expect(() => expectNoSidewaysScroll(page), `${what} fits ${page.viewportSize()?.width} px`).toPass({
    timeout: 10_000,
  });
  await expectNoAxeViolations(page, what);
}

/** A fresh access token (they live 3 seconds in these runs): one per call. */
export async function bearer(request: APIRequestContext, who: Pick<Person, 'email' | 'password'>) {
  const login = await request.post('/svc/users/login', { data: { email: who.email, password: who.password } });
  expect(login.ok(), await login.text()).toBe(true);
  return { authorization: `Bearer ${((await login.json()) as { data: LoginData }).data.token}` };
}

/** How a listing is sold and reaches its buyer (the sell form's choices). */
export interface SaleTerms {
  shippable: boolean;
  meetToDeliver: boolean;
  offerFreeDelivery: boolean;
  buyNow: boolean;
}

/** A live listing of `seller`'s, made through the api: its refnum. Local pickup and offers only, in 10001, unless `terms` say otherwise. */
export async function listItem(
  request: APIRequestContext,
  seller: Person,
  title: string,
  priceCents: number,
  terms: Partial<SaleTerms> & { zip?: string } = {},
) {
  const tree = ((await (await request.get('/svc/categories/all')).json()) as { data: CategoryNode[] }).data;
  const subCategory = tree.find((c) => !c.restrictedElectronics)?.subCategories.find((s) => !s.restrictedElectronics);
  if (!subCategory) throw new Error('the seeded taxonomy has an ordinary subcategory');
  const draft = await request.get('/svc/listings/inputSourceRandomRefnum', { headers: await bearer(request, seller) });
  const { inputSourceRandomRefnum } = ((await draft.json()) as { data: { inputSourceRandomRefnum: string } }).data;
  const created = await request.post('/svc/listings/create/v2', {
    headers: await bearer(request, seller),
    data: {
      inputSourceRandomRefnum,
      listingTitle: title,
      listingDescription: 'Oak, sturdy, a few marks on the top.',
      categoryRefnum: subCategory.categoryRefnum,
      condition: 'used',
      properties: {},
      listingPrice: priceCents,
      weightLbs: 8,
      shippable: false,
      meetToDeliver: true,
      offerFreeDelivery: false,
      buyNow: false,
      zip: '10001',
      ...terms,
      donation: false,
      draft: false,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return ((await created.json()) as { data: { listingRefnum: string } }).data.listingRefnum;
}

/** A signed-in person in their own browser context. */
export async function personIn(browser: Browser, viewport: { width: number; height: number }, name: string) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const person = newPerson(name);
  const login = await signInByApi(page, person);
  return { person, page, login };
}

/** A seller and a buyer, each signed in in their own browser context (the seller first). */
export async function sellerAndBuyer(
  browser: Browser,
  viewport: { width: number; height: number },
  sellerName: string,
  buyerName: string,
) {
  const seller = await personIn(browser, viewport, sellerName);
  const buyer = await personIn(browser, viewport, buyerName);
  return { seller, buyer };
}

/** The lines of the open conversation. */
export function conversationLines(page: Page) {
  return page.getByRole('log', { name: 'Messages' });
}

/** Sends a line from the conversation's send box, and waits for the box to empty. */
export async function sendMessage(page: Page, text: string): Promise<void> {
  const box = page.getByRole('form', { name: 'Send a message' });
  await box.getByLabel('Your message').fill(text);
  await box.getByRole('button', { name: 'Send' }).click();
  await expect(box.getByLabel('Your message')).toHaveValue('');
}

/** The reviews a person received, as a seller or as a buyer (public: no sign-in). */
export async function receivedFeedback(
  request: APIRequestContext,
  userRefnum: string,
  asSeller: boolean,
): Promise<ReceivedFeedback> {
  const res = await request.get(`/svc/feedback/received?userRefnum=${userRefnum}&asSeller=${asSeller}`);
  return ((await res.json()) as { data: ReceivedFeedback }).data;
}

/** A signed-in POST through the api as `who`: its data (the call must succeed). */
export async function post<T>(request: APIRequestContext, who: Person, url: string, data: object, headers = {}) {
  const res = await request.post(url, { data, headers: { ...(await bearer(request, who)), ...headers } });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

/**
 * A local sale through the api, as the two people make it: an offer accepted, paid with the
 * test card (pay-and-pickup), the buyer's code entered by the seller: the order is completed and
 * the seller's share is available.
 */
export async function localSale(
  request: APIRequestContext,
  seller: Person,
  buyer: Person,
  priceCents: number,
): Promise<{ listingRefnum: string; orderId: string }> {
  const listingRefnum = await listItem(request, seller, 'Oak side table', priceCents);
  const { offerRefnum } = await post<{ offerRefnum: string }>(request, buyer, '/svc/offer/create/v2', {
    listingRefnum,
    offerPrice: priceCents,
  });
  await post(request, seller, '/svc/offer/accept', { offerRefnum });
  const intent = await post<{ paymentIntentId: string }>(
    request,
    buyer,
    '/svc/payment/createPI',
    { listingRefnum, offerRefnum, deliveryMethod: 'pickup' },
    { 'idempotency-key': `e2e-${offerRefnum}` },
  );
  await post(request, buyer, '/svc/payment/test-provider/confirm', {
    paymentIntentId: intent.paymentIntentId,
    number: '4242 4242 4242 4242',
    exp: '12/30',
    cvc: '123',
  });
  const paid = await post<{ orderId: string; pickupCode: string }>(request, buyer, '/svc/offer/pay-and-pickup', {
    offerRefnum,
    paymentIntentId: intent.paymentIntentId,
  });
  await post(request, seller, '/svc/orders/confirm-pickup', { orderId: paid.orderId, code: paid.pickupCode });
  return { listingRefnum, orderId: paid.orderId };
}

/**
 * A sale shipped to the buyer's new saved address in Boston, paid with the test card: Buy Now, or
 * the buyer's accepted offer when `offerRefnum` is given. The order's id.
 */
export async function shippedSale(
  request: APIRequestContext,
  buyer: Person,
  listingRefnum: string,
  offerRefnum?: string,
): Promise<string> {
  const address = await post<{ id: string }>(request, buyer, '/svc/account/saveAddress', {
    firstName: buyer.nameFirst,
    lastName: 'Tester',
    line1: '5 Elm St',
    city: 'Boston',
    state: 'MA',
    zip: '02108',
    phoneNo: '5551234567',
  });
  const intent = await post<{ paymentIntentId: string }>(
    request,
    buyer,
    '/svc/payment/createPI',
    { listingRefnum, ...(offerRefnum && { offerRefnum }), deliveryMethod: 'ship', addressId: address.id },
    { 'idempotency-key': `e2e-ship-${offerRefnum ?? listingRefnum}` },
  );
  await post(request, buyer, '/svc/payment/test-provider/confirm', {
    paymentIntentId: intent.paymentIntentId,
    number: '4242 4242 4242 4242',
    exp: '12/30',
    cvc: '123',
  });
  const placed = await post<{ orderId: string }>(request, buyer, '/svc/orders/place', {
    paymentIntentId: intent.paymentIntentId,
  });
  return placed.orderId;
}

/** A Buy Now listing of `seller`'s that ships, bought by `buyer` (shippedSale): its refnum and the order's id. */
export async function shippedBuyNowSale(
  request: APIRequestContext,
  seller: Person,
  buyer: Person,
  title: string,
  priceCents: number,
): Promise<{ listingRefnum: string; orderId: string }> {
  const listingRefnum = await listItem(request, seller, title, priceCents, { shippable: true, buyNow: true });
  const orderId = await shippedSale(request, buyer, listingRefnum);
  return { listingRefnum, orderId };
}

/** The lane's dev clock (GET /svc/dev/clock). */
export async function clockNow(request: APIRequestContext): Promise<Date> {
  return new Date(((await (await request.get('/svc/dev/clock')).json()) as { data: { now: string } }).data.now);
}

/** Moves the lane's dev clock forward to `at` (at least a minute), running every job that came due. */
export async function advanceClockTo(request: APIRequestContext, at: Date): Promise<void> {
  const minutes = Math.max(1, Math.ceil((at.getTime() - (await clockNow(request)).getTime()) / 60_000));
  await moveDevClock(request, minutes);
}

/** Moves the lane's dev clock `minutes` forward, running what came due; the journey's pages follow it. */
export async function moveDevClock(request: APIRequestContext, minutes: number): Promise<void> {
  await devClockMoving(minutes);
  const moved = await request.post('/svc/dev/clock', { data: { advanceMinutes: minutes } });
  expect(moved.ok(), await moved.text()).toBe(true);
  await devClockMoved(request);
}

/** A GET of `who`'s through the api that must succeed: its `data`. */
export async function getAs<T>(request: APIRequestContext, who: Person, url: string) {
  const res = await request.get(url, { headers: await bearer(request, who) });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

/** Logs in through the storefront's dialog that /admin/ opens, and lands on the console. */
export async function logInToConsole(page: Page, who: { email: string; password: string }) {
  await page.goto('/admin/');
  const login = dialog(page, 'Log in');
  await login.getByLabel('Email').fill(who.email);
  await login.getByLabel('Password', { exact: true }).fill(who.password);
  await login.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\//);
  await expect(page.getByText('Open reports')).toBeVisible();
}

/**
 * Opens a console record from its list by the cell that names it, and waits for its page: a click
 * that lands while the list is rendering again opens nothing, so it is tried again until the
 * record's address is reached.
 */
export async function openConsoleRecord(page: Page, cell: string, address: RegExp): Promise<void> {
  await expect(async () => {
    await page.getByRole('cell', { name: cell }).click({ timeout: 5_000 });
    await expect(page).toHaveURL(address, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/** Moves the lane's dev clock just past `at` (a carrier's expected date): what came due has run. */
export async function clockPast(request: APIRequestContext, at: string | null) {
  await advanceClockTo(request, new Date(Date.parse(at ?? '') + 60_000));
}

/** An admin's call to the console's api (`/svc/admin/...`): the record it answers. */
export async function asAdmin<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  data?: object,
) {
  const response = await request.fetch(url, { method, data, headers: await bearer(request, E2E_ADMIN) });
  expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
  const body = (await response.json()) as { data?: T } & T;
  // The console's REST dialect answers the record itself; /svc calls the envelope.
  return (body.data ?? body) as T;
}

/**
 * A VERIFIED B2B organisation with its work-email domain, made through the console's api (or
 * made so, when a run before this one left it), with its marketplace's welcome and colour.
 */
export async function b2bOrganisation(
  request: APIRequestContext,
  name: string,
  domain: string,
  marketplace: { welcomeText: string; brandColor: string },
): Promise<OrganizationRecord> {
  const input = { name, status: 'VERIFIED', isB2B: true, kind: 'company' };
  const created = await request.post('/svc/admin/organizations', {
    data: input,
    headers: await bearer(request, E2E_ADMIN),
  });
  let org: OrganizationRecord;
  if (created.ok()) {
    org = (await created.json()) as OrganizationRecord;
  } else {
    const filter = encodeURIComponent(JSON.stringify({ q: name }));
    const found = await asAdmin<OrganizationRecord[]>(request, 'GET', `/svc/admin/organizations?filter=${filter}`);
    const existing = found.find((o) => o.name.toLowerCase() === name.toLowerCase());
    if (!existing) throw new Error(`${name} could not be made: ${await created.text()}`);
    org = await asAdmin<OrganizationRecord>(request, 'PUT', `/svc/admin/organizations/${existing.id}`, input);
  }
  // A domain another run gave it already is refused as taken: that is the same domain.
  await request.post('/svc/admin/work-email-domains', {
    data: { domain, organizationId: org.id },
    headers: await bearer(request, E2E_ADMIN),
  });
  await asAdmin(request, 'PUT', `/svc/admin/b2b/${org.id}`, marketplace);
  return org;
}
