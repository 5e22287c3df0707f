// `pnpm --filter @yardly/api bench:photos`: a 12-megapixel JPEG uploaded as a listing photo,
// then its thumbnail fetched (made and stored on first request), for a phone's usual 4 MB file and
// one near the 10 MB limit. Prints the median of 20 and the api's peak memory while 4 such
// uploads run at once (Linux: /proc/self); asserts nothing.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PHOTO_SIZES } from '@yardly/shared/contract';
import sharp from 'sharp';
import { buildApp } from '../src/app';
import { parseConfig } from '../src/config';
import { openDatabase } from '../src/db/connect';
import { diskFileStore } from '../src/modules/files/file-store';
import { seedReference } from '../src/seed/reference';
import { benchCall, signUpBenchSeller } from './seller';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const dataDir = mkdtempSync(join(tmpdir(), 'yardly-bench-photos-'));
// Not production: the dev outbox hands this script the sign-up code.
const config = parseConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: '' });
const database = await openDatabase({ dataDir: config.dataDir });
await seedReference(database.db);
const app = await buildApp({ config, database, files: diskFileStore(config.filesDir) });
const base = await app.listen({ port: 0, host: '127.0.0.1' });
// Due jobs (the sign-up mail) run as in `pnpm start`.
app.jobs.start();

const call = benchCall(base);
const token = await signUpBenchSeller(call);

// 12-megapixel photos (4000 x 3000) with the texture of a real one: smooth noise. Quality 90 is a
// phone's usual file; quality 99 comes close to the 10 MB an upload may have.
async function makePhoto(quality: number): Promise<Blob> {
  const data = await sharp({
    create: {
      width: 1000,
      height: 750,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .resize(4000, 3000, { kernel: 'cubic' })
    .jpeg({ quality })
    .toBuffer();
  // One Blob a photo, shared by every request: the client side adds no copies to the memory measured.
  return new Blob([new Uint8Array(data)], { type: 'image/jpeg' });
}

async function uploadAndThumb(photo: Blob): Promise<{ upload: number; total: number }> {
  const { inputSourceRandomRefnum } = await call<{ inputSourceRandomRefnum: string }>(
    '/listings/inputSourceRandomRefnum',
    { token },
  );
  const form = new FormData();
  form.append('photo', photo, 'photo.jpg');
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
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
/** A line of /proc/self/status in kB: VmRSS now, VmHWM the peak since clear_refs. */
const residentKb = (field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0);

for (const quality of [90, 99]) {
  const photo = await makePhoto(quality);
  console.log(`photo: 4000 x 3000 JPEG at quality ${quality}, ${(photo.size / 1024 / 1024).toFixed(2)} MB`);
  await uploadAndThumb(photo); // warm-up: sharp and the routes loaded once
  const runs: { upload: number; total: number }[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await uploadAndThumb(photo));
  console.log(
    `  upload to stored thumbnail, median of ${RUNS}: ${median(runs.map((r) => r.total)).toFixed(0)} ms` +
      ` (upload alone ${median(runs.map((r) => r.upload)).toFixed(0)} ms)`,
  );

  // Peak memory while 4 uploads run at once (this process is the api; the client side only
  // holds the one shared photo). Linux keeps the peak resident size (VmHWM); writing 5 to
  // clear_refs starts it again from now, so no sampler can miss a short peak.
  globalThis.gc?.();
  writeFileSync('/proc/self/clear_refs', '5');
  const before = residentKb('VmRSS');
  // Bytes in Node's buffers (where an upload read whole would sit), sampled every 2 ms.
  const buffersBefore = process.memoryUsage().arrayBuffers;
  let buffersPeak = buffersBefore;
  const sampler = setInterval(() => {
    buffersPeak = Math.max(buffersPeak, process.memoryUsage().arrayBuffers);
  }, 2);
  const parallelStart = performance.now();
  await Promise.all([uploadAndThumb(photo), uploadAndThumb(photo), uploadAndThumb(photo), uploadAndThumb(photo)]);
  clearInterval(sampler);
  const peak = residentKb('VmHWM');
  console.log(
    `  4 uploads at once: ${(performance.now() - parallelStart).toFixed(0)} ms; resident memory ${mb(before)} before, peak ${mb(peak)} (+${mb(peak - before)}); in buffers at most +${mb((buffersPeak - buffersBefore) / 1024)}`,
  );
}

await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
