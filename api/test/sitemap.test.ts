import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing, insertSeller } from './fixtures';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
let live: Awaited<ReturnType<typeof insertListing>>;
let sold: Awaited<ReturnType<typeof insertListing>>;

beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL: 'https://yardly.example' } });
  const seller = await insertSeller(t.database.db);
  live = await insertListing(t.database.db, seller.id, 'electronics', { title: 'Record player' });
  sold = await insertListing(t.database.db, seller.id, 'electronics', { title: 'Sold radio', state: 'sold' });
});
afterAll(() => t.close());

describe('sitemap and robots', () => {
  it('lists the static pages and every live listing, and no sold one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch('application/xml');
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(res.body).toContain('<loc>https://yardly.example/</loc>');
    expect(res.body).toContain('<loc>https://yardly.example/products</loc>');
    expect(res.body).toContain(`<loc>https://yardly.example/${live.refnum}</loc>`);
    expect(res.body).not.toContain(sold.refnum);
  });

  it('has no numbered files while everything fits in one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemaps/listings-2.xml' });
    expect(res.statusCode).toBe(404);
  });

  it('names the sitemap in robots.txt and keeps crawlers out of the api and the console', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Sitemap: https://yardly.example/sitemap.xml');
    expect(res.body).toContain('Disallow: /svc/');
  });
});
