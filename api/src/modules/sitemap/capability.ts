import { defineCapability } from '../../http/capability';
import { registerSitemapRoutes } from './routes';

/** /sitemap.xml and /robots.txt, beside the storefront's pages. */
export const sitemapCapability = defineCapability({
  name: 'sitemap',
  routes: (app, { db, clock, config }) => registerSitemapRoutes(app, db, clock, config.publicUrl),
});
