import { describe, expect, it } from 'vitest';
import { sitemapIndex, urlSet } from './service';

describe('sitemap files', () => {
  it('indexes the numbered files once split', () => {
    const xml = sitemapIndex('https://y.example', 3);
    expect(xml).toContain('<sitemapindex');
    expect(xml).toContain('<loc>https://y.example/sitemaps/listings-3.xml</loc>');
    expect(xml).not.toContain('listings-4');
  });

  it('escapes what XML needs escaped', () => {
    expect(urlSet('https://y.example', [{ path: "/a?b=1&c='2'" }])).toContain(
      '<loc>https://y.example/a?b=1&#38;c=&#39;2&#39;</loc>',
    );
  });
});
