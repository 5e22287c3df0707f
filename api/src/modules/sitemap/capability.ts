import { defineCapability } from '../../http/capability';
import { registerSitemapRoutes } from './routes';

/** /sitemap.xml and /robots.txt, beside the storefront's pages. */
export const sitemapCapability = defineCapability({
  name: 'sitemap',
  routes: (app, { readDb, clock, config }) => registerSitemapRoutes(app, readDb, clock, config.publicUrl),
});
