import { afterEach, describe, expect, it, vi } from 'vitest';
import { absoluteUrl, siteOrigin } from './seo';

afterEach(() => vi.unstubAllEnvs());

describe('the site origin in og:url, canonical links and JSON-LD', () => {
  it('is the origin the serving api hands over, whatever Host the visitor sent', () => {
    vi.stubEnv('PUBLIC_URL', '');
    expect(siteOrigin({ publicOrigin: 'https://yardly.example/' })).toBe('https://yardly.example');
    expect(absoluteUrl('/L123', siteOrigin({ publicOrigin: 'https://yardly.example' }))).toBe(
      'https://yardly.example/L123',
    );
  });

  it('is PUBLIC_URL for a page the api did not render (prerendered at build time)', () => {
    vi.stubEnv('PUBLIC_URL', 'https://shop.example');
    expect(siteOrigin(undefined)).toBe('https://shop.example');
  });

  it('is empty without either, so links stay relative rather than naming a guessed host', () => {
    vi.stubEnv('PUBLIC_URL', '');
    expect(siteOrigin(undefined)).toBe('');
    expect(siteOrigin({})).toBe('');
    expect(absoluteUrl('/faq', '')).toBe('/faq');
  });
});
