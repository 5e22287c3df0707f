import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: '1' } });
});
afterAll(() => t.close());

const headersOf = async (url: string, headers: Record<string, string> = {}) =>
  (await t.app.inject({ method: 'GET', url, headers })).headers;

describe('security headers', () => {
  it('lock the api down: nothing in a JSON answer runs or is framed', async () => {
    const headers = await headersOf('/svc/health');
    expect(headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options']).toBe('DENY');
  });

  it('are sent with errors too', async () => {
    const headers = await headersOf('/svc/no-such-call');
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
  });

  it('let the console run only its own scripts, and never be framed', async () => {
    const csp = (await headersOf('/admin/'))['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('keep storefront pages from being framed, and bound what they load by a default-src', async () => {
    const csp = (await headersOf('/faq'))['content-security-policy'] as string;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/(^|; )default-src 'self'/);
  });

  it('name the browser features a page may use (Permissions-Policy), on pages and api answers', async () => {
    for (const url of ['/faq', '/svc/health', '/admin/']) {
      const policy = (await headersOf(url))['permissions-policy'] as string;
      expect(policy, url).toContain('camera=()');
      expect(policy, url).toContain('microphone=()');
      expect(policy, url).toContain('geolocation=(self)');
    }
  });

  it('refuse a request with two Host headers (400, in the envelope)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/svc/health',
      headers: { host: ['yardly.example', 'evil.example'] as unknown as string },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 400,
      msg: 'The request has more than one Host header',
      errors: [{ field: 'host', message: 'The request has more than one Host header' }],
    });
    expect((await headersOf('/svc/health', { host: 'yardly.example' }))['x-frame-options']).toBe('DENY');
  });

  it('ask for https only when the request came over https', async () => {
    expect((await headersOf('/svc/health'))['strict-transport-security']).toBeUndefined();
    const viaProxy = await headersOf('/svc/health', { 'x-forwarded-proto': 'https' });
    expect(viaProxy['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
