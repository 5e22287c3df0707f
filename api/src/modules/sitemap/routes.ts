import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock/clock';
import type { ReadDb } from '../../http/read-routing';
import { sitemapEntries, sitemapFileCount, sitemapIndex, urlSet } from './service';

/**
 * /sitemap.xml (one file, or an index of files once past 50,000 URLs) and /robots.txt, made
 * from the database on each request so a new listing is in at once (a read replica's, if any:
 * crawlers tolerate a little lag, docs/decisions/0060).
 */
export function registerSitemapRoutes(app: FastifyInstance, readDb: ReadDb, clock: Clock, origin: string): void {
  const xml = 'application/xml; charset=utf-8';
  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const db = readDb(request);
    const now = clock.now();
    const files = await sitemapFileCount(db, now);
    const body = files === 1 ? urlSet(origin, await sitemapEntries(db, 0, now)) : sitemapIndex(origin, files);
    return reply.type(xml).send(body);
  });
  app.get<{ Params: { name: string } }>('/sitemaps/:name', { schema: { hide: true } }, async (request, reply) => {
    const n = Number(/^listings-(\d{1,4})\.xml$/.exec(request.params.name)?.[1] ?? Number.NaN);
    const db = readDb(request);
    const now = clock.now();
    const files = await sitemapFileCount(db, now);
    if (!(n >= 1 && n <= files)) return reply.status(404).type('text/plain').send('No such sitemap file');
    return reply.type(xml).send(urlSet(origin, await sitemapEntries(db, n - 1, now)));
  });
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .send(`User-agent: *\nAllow: /\nDisallow: /svc/\nDisallow: /admin/\n\nSitemap: ${origin}/sitemap.xml\n`),
  );
}
