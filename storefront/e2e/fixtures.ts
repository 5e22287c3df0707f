import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { SESSION_STORAGE_KEYS } from '@yardly/shared/client';
import type { LoginData } from '@yardly/shared/contract';

/** The home page's category shortcuts (spec section 2). */
export const SHORTCUTS = ['Electronics', 'Home Decor & Furniture', 'Kitchen Appliances & Accessories'] as const;

export const NOT_FOUND_TEXT = "Aw, Snap! The page you're looking for doesn't exist.";

/** A well-formed refnum that no listing has. */
export const UNKNOWN_REFNUM = 'L0000000000Z';

export const PRICE_PATTERN = /^\$\d{1,3}(,\d{3})*\.\d{2}$/;

/** The listing cards shown in a region of the page. */
export function cards(scope: Page | Locator): Locator {
  return scope.getByRole('article');
}

/** The item addresses the cards link to, in order. */
export async function cardLinks(scope: Page | Locator): Promise<string[]> {
  const links = cards(scope).getByRole('link');
  await expect(links.first()).toBeVisible();
  return links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
}

/** Opens the home page and waits for its shortcuts and recent listings. */
export async function openHome(page: Page): Promise<void> {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** Goes to the item a card links to and waits for its title. */
export async function openCard(page: Page, card: Locator): Promise<{ title: string }> {
  const title = (await card.getByRole('heading').getAttribute('title')) ?? '';
  await card.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  return { title };
}

/** The /svc wire form of a card, as far as these tests read it. */
export interface WireCard {
  listingRefnum: string;
  listingTitle: string;
  listingCurrentPrice: number;
  sellerRefnum: string;
}

/** The most recent listings, straight from the api. */
export async function recentListings(request: APIRequestContext, size = 5): Promise<WireCard[]> {
  const response = await request.get(`/svc/listing/recentItems?page=0&size=${size}`);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: { docs: WireCard[] } };
  return body.data.docs;
}

/** Text as it appears in HTML after Astro escaped it. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Someone who signs up in a test: a fresh email every run, a password that keeps every rule. */
export interface Person {
  nameFirst: string;
  nameLast: string;
  email: string;
  password: string;
}

export function newPerson(nameFirst: string, nameLast = 'Tester'): Person {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { nameFirst, nameLast, email: `${nameFirst.toLowerCase()}.${unique}@example.com`, password: 'Yard!ly2024' };
}

/** The subjects of the mails that carry codes (api/src/modules/mail/templates.ts). */
export const CODE_MAIL = {
  verify: /verification code/,
  login: /log-in code/,
  resetPassword: /Reset your/,
  workEmail: /work email/,
  socialEmail: /sign-in code/,
} as const;

/**
 * The 6-digit code in the newest mail to `email` whose subject matches, from the dev outbox
 * (GET /svc/dev/outbox, served when NODE_ENV is not production). `notCode` skips a code
 * already used, for a second mail of the same kind.
 */
export async function readCode(
  request: APIRequestContext,
  email: string,
  subject: RegExp,
  notCode?: string,
): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/svc/dev/outbox?to=${encodeURIComponent(email)}`);
        expect(response.ok(), 'the dev outbox answers (NODE_ENV is not production)').toBe(true);
        const { data } = (await response.json()) as { data: { subject: string; text: string }[] };
        const mail = data.find((m) => subject.test(m.subject));
        code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
        return code !== undefined && code !== notCode;
      },
      { message: `a mail to ${email} with a code (${subject})` },
    )
    .toBe(true);
  return code ?? '';
}

/** A code that is surely not `code`. */
export function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

/** The header's menu (on narrow screens behind its toggle; the tests run wide). */
export function headerMenu(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Marketplace' });
}

/** The signed-in person's button in the header: 'Hi, Ann', or 'Hi there' before a name is given. */
export function accountButton(page: Page, nameFirst?: string): Locator {
  return headerMenu(page).getByRole('button', { name: nameFirst ? `Hi, ${nameFirst}` : 'Hi there', exact: true });
}

export function dialog(page: Page, title: string): Locator {
  return page.getByRole('dialog', { name: title, exact: true });
}

/** Fills in and sends the sign-up dialog from the header; leaves the verify dialog open. */
export async function signUp(page: Page, person: Person): Promise<Locator> {
  await headerMenu(page).getByRole('button', { name: 'Sign up', exact: true }).click();
  return fillSignUp(page, person);
}

/** Fills in and sends an open sign-up dialog, whatever it answers; answers the dialog. */
export async function sendSignUp(page: Page, person: Person): Promise<Locator> {
  const form = dialog(page, 'Sign up');
  await form.getByLabel('First name').fill(person.nameFirst);
  await form.getByLabel('Last name').fill(person.nameLast);
  await form.getByLabel('Email', { exact: true }).fill(person.email);
  await form.getByLabel('Password', { exact: true }).fill(person.password);
  await form.getByRole('button', { name: 'Sign up', exact: true }).click();
  return form;
}

/** Fills in and sends an open sign-up dialog (whatever opened it); leaves the verify dialog open. */
export async function fillSignUp(page: Page, person: Person): Promise<Locator> {
  await sendSignUp(page, person);
  const verify = dialog(page, 'Verify your email');
  await expect(verify).toContainText(person.email);
  return verify;
}

/** Logs in with a password from the header's Log in dialog and waits for the account button. */
export async function logIn(page: Page, person: Pick<Person, 'email' | 'password' | 'nameFirst'>): Promise<void> {
  await (await hydrated(headerMenu(page).getByRole('button', { name: 'Log in', exact: true }))).click();
  const login = dialog(page, 'Log in');
  await login.getByLabel('Email').fill(person.email);
  await login.getByLabel('Password').fill(person.password);
  await login.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(login).toBeHidden();
  await expect(accountButton(page, person.nameFirst)).toBeVisible();
}

/** Enters a code in the open code dialog and sends it with its button. */
export async function enterCode(scope: Locator, code: string, button: string): Promise<void> {
  await scope.getByLabel('6-digit code').fill(code);
  await scope.getByRole('button', { name: button, exact: true }).click();
}

/** Logs out from the header's account menu and waits for 'Log in' to come back. */
export async function logOut(page: Page, nameFirst?: string): Promise<void> {
  await accountButton(page, nameFirst).click();
  await headerMenu(page).getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('status').getByText('You are logged out')).toBeVisible();
  await expect(headerMenu(page).getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
}

/**
 * Waits until `locator` answers a click. In an island: until it is hydrated (Astro drops the
 * `ssr` attribute then): server-rendered buttons exist before React attaches, and an early
 * click does nothing. An island hydrated on demand (client:demand) is woken as a person's
 * pointer would, by hovering it. In the header (HTML and a script): until its script runs.
 */
export async function hydrated(locator: Locator): Promise<Locator> {
  // Islands below the fold hydrate when seen (client:visible): bring it into view first. An island
  // that hydrates meanwhile may replace the element (its first client render): then find it again.
  await expect(async () => locator.scrollIntoViewIfNeeded({ timeout: 2_000 })).toPass();
  const island = locator.locator('xpath=ancestor::astro-island[1]');
  if ((await island.count()) === 0) {
    await expect(locator.locator('xpath=ancestor::*[@data-site-header][1]')).toHaveAttribute('data-script', 'ready');
    return locator;
  }
  if ((await island.getAttribute('client')) === 'demand') await locator.hover();
  await expect(island).not.toHaveAttribute('ssr', /.*/);
  return locator;
}

/** The heart of the first card in `scope`, hydrated (the cards' islands wake on demand). */
export async function firstCardHeart(scope: Page | Locator): Promise<Locator> {
  return hydrated(
    cards(scope)
      .first()
      .getByRole('button', { name: /^Save .* to favourites$/ }),
  );
}

/**
 * Signs `person` up (with `signupExtra`, e.g. a B2B landing's isB2B and orgName), verifies the
 * email and stores the login data through the api, not the dialogs: for journeys about something else than signing up (identity.spec.ts walks the
 * dialogs). Pages opened afterwards start signed in. Answers the login data.
 */
export async function signInByApi(page: Page, person: Person, signupExtra: object = {}): Promise<LoginData> {
  const { request } = page;
  const { nameFirst, nameLast, email, password } = person;
  const signup = await request.post('/svc/users/signup', {
    data: { nameFirst, nameLast, email, password, ...signupExtra },
  });
  expect(signup.ok(), await signup.text()).toBe(true);
  const code = await readCode(request, email, CODE_MAIL.verify);
  // The sign-up's ticket: with it the code verifies this sign-up with its password (docs/decisions/0047).
  const { signupTicket } = ((await signup.json()) as { data: { signupTicket: string } }).data;
  const verified = await request.post('/svc/users/verify-email', { data: { email, code, signupTicket } });
  expect(verified.ok(), await verified.text()).toBe(true);
  const { data } = (await verified.json()) as { data: LoginData };
  await page.addInitScript(
    ([key, value, once]) => {
      // Only on the next document: a later log-out in the test must stay logged out. A frame of an
      // opaque origin (a sandboxed iframe, a PDF) has no storage: reading it there throws.
      try {
        if (!sessionStorage.getItem(once)) {
          sessionStorage.setItem(once, '1');
          localStorage.setItem(key, value);
        }
      } catch {
        // Not the storefront's document: nothing to sign in.
      }
    },
    [SESSION_STORAGE_KEYS.session, JSON.stringify(data), `e2e.signedIn.${data.userRefnum}`] as const,
  );
  return data;
}

/** Chooses a zip in the header's "Your location" dialog. */
export async function chooseZip(page: Page, zip: string): Promise<void> {
  await (await hydrated(headerMenu(page).getByRole('button', { name: /Your location/ }))).click();
  const chooser = dialog(page, 'Your location');
  await chooser.getByLabel('Zip code').fill(zip);
  await chooser.getByRole('button', { name: 'Save' }).click();
  await expect(chooser).toBeHidden();
}

/** Two real JPEGs: photos of demo listings, as the api serves them (`{namedAs}-1.jpg`, `-2`). */
export async function demoPhotos(
  request: APIRequestContext,
  namedAs = 'photo',
): Promise<{ name: string; mimeType: string; buffer: Buffer }[]> {
  const response = await request.get('/svc/listing/recentItems?page=0&size=20');
  const { data } = (await response.json()) as { data: { docs: { listingPictureUrl: string | null }[] } };
  const urls = data.docs
    .map((d) => d.listingPictureUrl)
    .filter((u): u is string => u !== null)
    .slice(0, 2);
  expect(urls).toHaveLength(2);
  return Promise.all(
    urls.map(async (url, index) => {
      const photo = await request.get(url);
      expect(photo.ok()).toBe(true);
      return { name: `${namedAs}-${index + 1}.jpg`, mimeType: 'image/jpeg', buffer: await photo.body() };
    }),
  );
}
