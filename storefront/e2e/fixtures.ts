import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

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
