/**
 * Per-page SEO data from public/seo/{page}.json (spec section 2, Page SEO). The files are
 * bundled at build time, so static pages read them while prerendering and server-rendered
 * pages read them on the server; they are also published at /seo/{page}.json.
 */

export { SITE_NAME } from './site';

export interface SeoLink {
  rel: string;
  href: string;
  [attribute: string]: string;
}

export interface SeoMeta {
  name?: string;
  property?: string;
  content: string;
}

export interface PageSeo {
  title: string;
  description: string;
  link?: SeoLink[];
  meta?: SeoMeta[];
}

const files = import.meta.glob<PageSeo>('../../public/seo/*.json', { eager: true, import: 'default' });

const byPage = new Map(
  Object.entries(files).map(([path, seo]) => [path.replace(/^.*\/([^/]+)\.json$/, '$1'), seo] as const),
);

/** A page's SEO data; fails the build (or the request) loudly when the file is missing. */
export function pageSeo(page: string): PageSeo {
  const seo = byPage.get(page);
  if (!seo) throw new Error(`Missing SEO file public/seo/${page}.json`);
  return seo;
}

/**
 * The site's public origin: PUBLIC_URL when set (production behind a proxy should set it);
 * '' for a prerendered page without PUBLIC_URL, which cannot know its host; otherwise the
 * host the visitor asked for. Astro itself only believes Host headers listed in
 * security.allowedDomains and says 'localhost' for the rest, which would put a wrong address
 * into og:url and og:image.
 */
export function siteOrigin(request: Request, prerendered: boolean): string {
  const configured = typeof process !== 'undefined' ? process.env.PUBLIC_URL : undefined;
  if (configured) return configured.replace(/\/$/, '');
  if (prerendered) return '';
  const url = new URL(request.url);
  const host = request.headers.get('host');
  return host && /^[a-z0-9.-]+(:\d{1,5})?$/i.test(host) ? `${url.protocol}//${host}` : url.origin;
}

/** An absolute URL on the site, or the path itself when the origin is not known. */
export function absoluteUrl(pathOrUrl: string, origin: string): string {
  if (!origin) return pathOrUrl;
  return new URL(pathOrUrl, `${origin}/`).toString();
}
