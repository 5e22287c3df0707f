import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFolder } from '../../../scripts/precompress.mjs';
import { contentSecurityPolicy, installSecurityHeaders } from '../http/security-headers';
import { createWebHandler } from './serve-web';

// A built storefront in miniature: one script with the .br the build writes beside it, and
// an SSR entry that renders a page the way Astro does, straight onto the raw response.
const script = `console.log(${JSON.stringify('yardly '.repeat(400))});`;
const page = `<!doctype html><html><body>${'<p>Great finds from your neighbours</p>'.repeat(100)}</body></html>`;

function fakeBuild(): { storefrontDist: string; adminDist: string; publicOrigin: string } {
  const root = mkdtempSync(join(tmpdir(), 'yardly-web-'));
  const storefrontDist = join(root, 'storefront');
  mkdirSync(join(storefrontDist, 'client', '_astro'), { recursive: true });
  mkdirSync(join(storefrontDist, 'server'), { recursive: true });
  writeFileSync(join(storefrontDist, 'client', '_astro', 'app.1234.js'), script);
  writeFileSync(join(storefrontDist, 'client', '_astro', 'app.1234.js.br'), brotliCompressSync(script));
  writeFileSync(
    join(storefrontDist, 'server', 'entry.mjs'),
    `export async function handler(req, res, next, locals) {
      if (req.url === '/origin') {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        return res.end(String(locals?.publicOrigin));
      }
      if (req.url === '/scripted') {
        // Astro's security.csp: a rendered page's own script policy, as a header.
        res.writeHead(200, { 'Content-Type': 'text/html', 'content-security-policy': "script-src 'self' 'sha256-abc='" });
        return res.end('<p>scripted</p>');
      }
      if (req.url === '/missing') {
        // Astro keeps the 'OK' of the Response a page changed to 404.
        res.writeHead(404, 'OK', { 'Content-Type': 'text/html' });
        return res.end('<p>Aw, Snap!</p>');
      }
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.write(${JSON.stringify(page.slice(0, 100))});
      res.end(${JSON.stringify(page.slice(100))});
    }`,
  );
  // The console's build: its script, compressed beside it by the same step its vite build runs.
  mkdirSync(join(root, 'admin', 'assets'), { recursive: true });
  writeFileSync(join(root, 'admin', 'assets', 'index-abcd.js'), script);
  writeFileSync(join(root, 'admin', 'index.html'), page);
  return { storefrontDist, adminDist: join(root, 'admin'), publicOrigin: 'https://yardly.example' };
}

describe('the web handler', () => {
  const app = Fastify();

  beforeAll(async () => {
    installSecurityHeaders(app);
    const build = fakeBuild();
    await precompressFolder(build.adminDist);
    const web = await createWebHandler(app, build);
    app.setNotFoundHandler((request, reply) => web(request, reply));
    await app.ready();
  });
  afterAll(() => app.close());

  it('sends a built file as the .br written beside it, to a browser that takes brotli', async () => {
    const response = await app.inject({ url: '/_astro/app.1234.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it("keeps the api's page policy beside the script policy a rendered page sends", async () => {
    const response = await app.inject({ url: '/scripted' });
    expect(response.statusCode).toBe(200);
    const policies = [response.headers['content-security-policy']].flat();
    expect(policies).toEqual([contentSecurityPolicy('/scripted'), "script-src 'self' 'sha256-abc='"]);
    // The storefront's own policy: a default for every kind of resource, no frames, no plugins.
    expect(policies[0]).toMatch(/^default-src 'self'/);
    expect(policies[0]).toContain("object-src 'none'");
    expect(policies[0]).toContain("frame-ancestors 'none'");
    // A page without a policy of its own keeps the api's.
    const plain = await app.inject({ url: '/origin' });
    expect(plain.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it("sends the console's scripts compressed at build, brotli or gzip as the browser takes", async () => {
    const brotli = await app.inject({ url: '/admin/assets/index-abcd.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
    const gzip = await app.inject({ url: '/admin/assets/index-abcd.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    // The console's page itself (any path it routes in the browser) too.
    const app404 = await app.inject({ url: '/admin/anything', headers: { 'accept-encoding': 'br' } });
    expect(app404.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(app404.rawPayload).toString()).toBe(page);
  });

  it('sends the file as it is to a client that takes no compression', async () => {
    const response = await app.inject({ url: '/_astro/app.1234.js', headers: { 'accept-encoding': 'identity' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(script);
  });

  it('compresses a page Astro renders on the raw response', async () => {
    const response = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.rawPayload.length).toBeLessThan(page.length / 5);
    expect(gunzipSync(response.rawPayload).toString()).toBe(page);
  });

  it('says the status code\'s own reason phrase for a page rendered as not found (never "404 OK")', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const statusLine = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('GET /missing HTTP/1.1\r\nHost: x\r\n\r\n'));
      socket.once('data', (chunk) => {
        resolve(chunk.toString().split('\r\n')[0] ?? '');
        socket.destroy();
      });
      socket.once('error', reject);
    });
    expect(statusLine).toBe('HTTP/1.1 404 Not Found');
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const)(
    'answers %s to a page with 405 and Allow',
    async (method) => {
      const response = await app.inject({
        method,
        url: '/rental/search',
        payload: method === 'OPTIONS' ? undefined : {},
      });
      expect(response.statusCode).toBe(405);
      expect(response.headers.allow).toBe('GET, HEAD');
      expect(response.json()).toEqual({ code: 405, msg: `${method} is not allowed here: pages answer GET and HEAD` });
    },
  );

  it('hands rendered pages the configured origin, not the Host header', async () => {
    const response = await app.inject({ url: '/origin', headers: { host: 'evil.example' } });
    expect(response.body).toBe('https://yardly.example');
  });
});
