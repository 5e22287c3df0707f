// `node scripts/page-weight.mjs [baseUrl] [path ...]`: the JavaScript a page loads once all its
// islands are hydrated (its scripts, islands and their static imports), gzipped: what using the
// page costs at most. What Chromium loads before anyone touches the page (islands hydrated on
// demand wait) is held to a budget by storefront/e2e/page-weight.spec.ts.
// Run it against a running `pnpm start`. Lazily loaded chunks (import()) are not counted.
import { gzipSync } from 'node:zlib';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const paths = process.argv.slice(3);

async function text(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return res.text();
}

/** Script URLs named by the HTML: <script src>, modulepreload links, Astro island attributes. */
function scriptsOf(html, pageUrl) {
  const found = new Set();
  const patterns = [
    /<script[^>]*\ssrc="([^"]+)"/g,
    /<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g,
    /\s(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g,
  ];
  for (const pattern of patterns) for (const m of html.matchAll(pattern)) found.add(new URL(m[1], pageUrl).href);
  return found;
}

/** Static imports of an ES module: `import ... from "./x.js"` and `import "./x.js"`. */
function importsOf(code, moduleUrl) {
  const found = new Set();
  for (const m of code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g)) {
    found.add(new URL(m[1], moduleUrl).href);
  }
  return found;
}

async function weigh(path) {
  const pageUrl = new URL(path, base).href;
  const html = await text(pageUrl);
  const seen = new Map();
  const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1])
    .filter((code) => code.trim() && !code.trim().startsWith('{'));
  const queue = [...scriptsOf(html, pageUrl)];
  while (queue.length) {
    const url = queue.shift();
    if (seen.has(url)) continue;
    const code = await text(url);
    seen.set(url, gzipSync(code).length);
    queue.push(...importsOf(code, url));
  }
  const inlineBytes = inline.reduce((sum, code) => sum + gzipSync(code).length, 0);
  const total = [...seen.values()].reduce((a, b) => a + b, 0) + inlineBytes;
  return { path, files: seen.size, inlineBytes, total };
}

let targets = paths;
if (!targets.length) {
  const recent = await (await fetch(`${base}/svc/listing/recentItems?size=1`)).json();
  targets = ['/', '/categories', '/products', `/${recent.data.docs[0].listingRefnum}`];
}
for (const path of targets) {
  const { files, inlineBytes, total } = await weigh(path);
  console.log(
    `${path.padEnd(20)} ${(total / 1024).toFixed(1).padStart(7)} KiB gzipped JS (${files} files, ${inlineBytes} B inline)`,
  );
}
