import { asc, count } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { listings } from '../../db/schema/index';
import { liveListing } from '../listings/live';

/** The sitemap protocol's limit of URLs a file. */
export const URLS_PER_FILE = 50_000;

/** Public pages of spec section 2 that are the same for everyone (no login, no parameters). */
export const STATIC_PAGES = [
  '/',
  '/marketplace',
  '/categories',
  '/products',
  '/about-us',
  '/contact-us',
  '/help',
  '/faq',
  '/privacy-policy',
  '/return-policy',
  '/shipping-policy',
  '/terms-and-conditions',
  '/blog',
  '/student',
  '/why-yardly',
  '/refer-a-friend',
  '/rentals',
] as const;

interface Entry {
  path: string;
  lastmod?: Date;
}

/** How many sitemap files there are: the static pages come first, then every listing live at `now`. */
export async function sitemapFileCount(db: Db, now: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(listings).where(liveListing(now));
  return Math.max(1, Math.ceil((STATIC_PAGES.length + (row?.n ?? 0)) / URLS_PER_FILE));
}

/** The entries of file `index` (zero-based) of the whole list. */
export async function sitemapEntries(db: Db, index: number, now: Date): Promise<Entry[]> {
  const start = index * URLS_PER_FILE;
  const statics: Entry[] = STATIC_PAGES.slice(start, start + URLS_PER_FILE).map((path) => ({ path }));
  const listingOffset = Math.max(0, start - STATIC_PAGES.length);
  const rows = await db
    .select({ refnum: listings.refnum, updatedAt: listings.updatedAt })
    .from(listings)
    .where(liveListing(now))
    .orderBy(asc(listings.id))
    .limit(URLS_PER_FILE - statics.length)
    .offset(listingOffset);
  return [...statics, ...rows.map((r) => ({ path: `/${r.refnum}`, lastmod: new Date(r.updatedAt) }))];
}

export function urlSet(origin: string, entries: Entry[]): string {
  const urls = entries.map(
    (e) =>
      `<url><loc>${escapeXml(origin + e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function sitemapIndex(origin: string, files: number): string {
  const maps = Array.from(
    { length: files },
    (_, i) => `<sitemap><loc>${escapeXml(`${origin}${sitemapFilePath(i + 1)}`)}</loc></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${maps.join('\n')}\n</sitemapindex>\n`;
}

/** Path of the numbered file (1-based) when the sitemap is split. */
export function sitemapFilePath(n: number): string {
  return `/sitemaps/listings-${n}.xml`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}
