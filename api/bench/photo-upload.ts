// `pnpm --filter @yardly/api bench:photos`: a 12-megapixel JPEG uploaded as a listing photo,
// then its thumbnail fetched (made and stored on first request). Prints the median of 20 and the
// api's peak memory while 4 such uploads run at once; asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PHOTO_SIZES } from '@yardly/shared/contract';
import sharp from 'sharp';
import { buildApp } from '../src/app';
import { parseConfig } from '../src/config';
import { openDatabase } from '../src/db/connect';
import { diskFileStore } from '../src/modules/files/file-store';
import { seedReference } from '../src/seed/reference';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const dataDir = mkdtempSync(join(tmpdir(), 'yardly-bench-photos-'));
// Not production: the dev outbox hands this script the sign-up code.
const config = parseConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: '' });
const database = await openDatabase({ dataDir: config.dataDir });
await seedReference(database.db);
const app = await buildApp({ config, database, files: diskFileStore(config.filesDir) });
const base = await app.listen({ port: 0, host: '127.0.0.1' });

async function call<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (typeof init.body === 'string') headers.set('content-type', 'application/json');
  const res = await fetch(`${base}/svc${path}`, { ...init, headers });
  const body = (await res.json()) as { code: number; data: T; msg?: string };
  if (body.code !== 200) throw new Error(`${path}: ${res.status} ${body.msg}`);
  return body.data;
}

// A seller.
const email = `bench.${Date.now()}@example.com`;
await call('/users/signup', {
  method: 'POST',
  body: JSON.stringify({ email, password: 'Str0ng!pass', nameFirst: 'Bench', nameLast: 'Seller' }),
});
const mails = await call<{ text: string }[]>(`/dev/outbox?to=${encodeURIComponent(email)}`);
const code = /\b(\d{6})\b/.exec(mails[0]?.text ?? '')?.[1];
const { token } = await call<{ token: string }>('/users/verify-email', {
  method: 'POST',
  body: JSON.stringify({ email, code }),
});

// A 12-megapixel photo (4000 x 3000) with the texture of a real one: smooth noise, JPEG quality 90.
const photo = await sharp({
  create: {
    width: 1000,
    height: 750,
    channels: 3,
    background: '#808080',
    noise: { type: 'gaussian', mean: 128, sigma: 40 },
  },
})
  .resize(4000, 3000, { kernel: 'cubic' })
  .jpeg({ quality: 90 })
  .toBuffer();
console.log(`photo: 4000 x 3000 JPEG, ${(photo.length / 1024 / 1024).toFixed(2)} MB`);

async function uploadAndThumb(): Promise<{ upload: number; total: number }> {
  const { inputSourceRandomRefnum } = await call<{ inputSourceRandomRefnum: string }>(
    '/listings/inputSourceRandomRefnum',
    { token },
  );
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
  const start = performance.now();
  const { url } = await call<{ url: string }>(
    `/listings/picture?inputSourceRandomRefnum=${inputSourceRandomRefnum}&picno=1`,
    { method: 'POST', body: form, token },
  );
  const upload = performance.now() - start;
  const thumb = await fetch(`${base}${url}?w=${PHOTO_SIZES.thumb.w}&h=${PHOTO_SIZES.thumb.h}`);
  if (!thumb.ok) throw new Error(`thumbnail: ${thumb.status}`);
  await thumb.arrayBuffer();
  return { upload, total: performance.now() - start };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

await uploadAndThumb(); // warm-up: sharp and the routes loaded once
const runs: { upload: number; total: number }[] = [];
for (let i = 0; i < RUNS; i++) runs.push(await uploadAndThumb());
console.log(
  `upload to stored thumbnail, median of ${RUNS}: ${median(runs.map((r) => r.total)).toFixed(0)} ms` +
    ` (upload alone ${median(runs.map((r) => r.upload)).toFixed(0)} ms)`,
);

// Peak memory while 4 uploads run at once (this process is the api; the client side only
// holds the one shared photo buffer).
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
globalThis.gc?.();
const before = process.memoryUsage().rss;
let peak = before;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 5);
const parallelStart = performance.now();
await Promise.all([uploadAndThumb(), uploadAndThumb(), uploadAndThumb(), uploadAndThumb()]);
clearInterval(sampler);
console.log(
  `4 uploads at once: ${(performance.now() - parallelStart).toFixed(0)} ms; resident memory ${mb(before)} before, peak ${mb(peak)} (+${mb(peak - before)})`,
);

await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
