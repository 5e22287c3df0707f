// `pnpm lighthouse:checkout`: Lighthouse's mobile run (its default: a phone's screen, a slow
// network and CPU simulated) of `/checkout` as a signed-in buyer sees it, against the built
// product. It starts `pnpm start` (which builds what is stale) on its own port with a fresh
// embedded database seeded with the demo listings, signs a buyer up through the api (the dev
// outbox hands over the code), stores that session in the browser, runs Lighthouse on a demo
// listing's Buy Now checkout, prints the layout shift and the largest paint, and exits 1 past
// the goals (issue 38: CLS at most 0.1, LCP at most 2.5 s). Hold the e2e lock around it.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { navigation } from 'lighthouse';

const GOALS = { cls: 0.1, lcpMs: 2500 };
const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.LIGHTHOUSE_PORT ?? 3270);
const base = `http://127.0.0.1:${port}`;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The browser driver Lighthouse itself runs on (its own dependency, so no second copy to install).
const puppeteer = (
  await import(pathToFileURL(createRequire(import.meta.resolve('lighthouse')).resolve('puppeteer-core')))
).default;

const dataDir = mkdtempSync(join(tmpdir(), 'yardly-lighthouse-'));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development', LOG_LEVEL: 'warn' };
let server;
let browser;
try {
  const seed = spawnSync(process.execPath, ['--import', 'tsx', 'src/seed/cli.ts'], {
    cwd: join(root, 'api'),
    env,
    stdio: 'inherit',
  });
  if (seed.status !== 0) throw new Error(`Seeding the demo listings failed (exit ${seed.status})`);
  server = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    env: { ...env, PORT: String(port), PUBLIC_URL: base },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth();

  const login = await signUpBuyer();
  const recent = await getJson('/svc/listing/recentItems?size=1');
  const listingRefnum = recent.docs[0]?.listingRefnum;
  if (!listingRefnum) throw new Error('The demo catalogue has no listing to check out');

  browser = await puppeteer.launch({
    executablePath: chromium,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const page = await browser.newPage();
  // The session where the storefront keeps it (shared/src/client/storage-keys.ts), on the product's origin.
  await page.goto(`${base}/faq`);
  await page.evaluate((value) => localStorage.setItem('yardly.session', value), JSON.stringify(login));
  const url = `${base}/checkout?itemRefnum=${listingRefnum}`;
  // disableStorageReset: Lighthouse would clear the origin's storage, and with it the session.
  const result = await navigation(page, url, { flags: { disableStorageReset: true, logLevel: 'error' } });
  const audits = result?.lhr.audits ?? {};
  const cls = audits['cumulative-layout-shift']?.numericValue;
  const lcp = audits['largest-contentful-paint']?.numericValue;
  if (cls === undefined || lcp === undefined)
    throw new Error(`Lighthouse gave no CLS or LCP: ${result?.lhr.runtimeError?.message}`);
  const signedIn = await page.evaluate(() => document.querySelector('h1')?.textContent ?? '');
  console.log(`Lighthouse (mobile) ${url} (${result.lhr.lighthouseVersion}, the page's h1: "${signedIn}")`);
  console.log(`  CLS ${cls.toFixed(3)} (goal at most ${GOALS.cls})`);
  console.log(`  LCP ${(lcp / 1000).toFixed(2)} s (goal at most ${GOALS.lcpMs / 1000} s)`);
  console.log(
    `  FCP ${(audits['first-contentful-paint'].numericValue / 1000).toFixed(2)} s, TBT ${Math.round(audits['total-blocking-time'].numericValue)} ms`,
  );
  if (cls > GOALS.cls || lcp > GOALS.lcpMs) {
    console.error('The mobile checkout is past its goals.');
    process.exitCode = 1;
  }
} finally {
  await browser?.close();
  server?.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}

async function waitForHealth() {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`pnpm start exited (${server.exitCode})`);
    const ok = await fetch(`${base}/svc/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`${base} did not answer /svc/health within 5 minutes`);
}

async function getJson(path) {
  const res = await fetch(`${base}${path}`);
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()).data;
}

async function postJson(path, body) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()).data;
}

/** A new buyer signed up and verified through the api, as the e2e journeys do (e2e/fixtures.ts signInByApi). */
async function signUpBuyer() {
  const email = `lighthouse.${Date.now().toString(36)}@example.com`;
  const { signupTicket } = await postJson('/svc/users/signup', {
    nameFirst: 'Lighthouse',
    nameLast: 'Buyer',
    email,
    password: 'Yard!ly2024',
  });
  let code;
  for (let tries = 0; !code && tries < 50; tries++) {
    const mails = await getJson(`/svc/dev/outbox?to=${encodeURIComponent(email)}`);
    code = /\b(\d{6})\b/.exec(mails.find((m) => /verification code/.test(m.subject))?.text ?? '')?.[1];
    if (!code) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!code) throw new Error(`No verification code mailed to ${email}`);
  return postJson('/svc/users/verify-email', { email, code, signupTicket });
}
