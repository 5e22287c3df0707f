import { defineCapability } from '../../http/capability';
import { registerSitemapRoutes } from './routes';

/** /sitemap.xml and /robots.txt, beside the storefront's pages. */
export const sitemapCapability = defineCapability({
  name: 'sitemap',
  routes: (app, { db, config }) => registerSitemapRoutes(app, db, config.publicUrl),
});
