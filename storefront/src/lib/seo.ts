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
 * The site's public origin, one configured value and never the Host a visitor sent (which
 * would let anyone put their own address into og:url, the canonical link and JSON-LD): the
 * origin the serving api hands over (its PUBLIC_URL, default http://localhost:PORT), else
 * PUBLIC_URL at build time, else '' (links stay relative: a prerendered page, `astro dev`).
 */
export function siteOrigin(locals: App.Locals | undefined): string {
  const configured = locals?.publicOrigin ?? (typeof process !== 'undefined' ? process.env.PUBLIC_URL : undefined);
  return configured ? configured.replace(/\/$/, '') : '';
}

/** An absolute URL on the site, or the path itself when the origin is not known. */
export function absoluteUrl(pathOrUrl: string, origin: string): string {
  if (!origin) return pathOrUrl;
  return new URL(pathOrUrl, `${origin}/`).toString();
}
