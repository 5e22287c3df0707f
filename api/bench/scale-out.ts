// Issue 24's figures (`BENCH_PARTS=scaleout`, PostgreSQL only): the api bundle started as it is in
// production, first as one process, then with API_PROCESSES=2 (Node's cluster on one port), each
// loaded with the same search and listing-page requests; then a listing photo served from the
// file store (DATA_DIR/files) against the S3-compatible store (s3rver, a local stand-in). Prints
// requests/s and p95; asserts nothing. On two cores the load generator takes a share of the CPU
// the api processes would use: the figures say what this machine allows, not a production host.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PHOTO_SIZES } from '@yardly/shared/contract';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { startS3StandIn } from '../test/s3-stand-in';
import type { BenchDatabase } from './engines';
import { type Figures, type HttpTarget, measureHttp, printHeader, printRow } from './measure';
import { benchCall, signUpBenchSeller } from './seller';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));
const bundle = join(apiRoot, 'dist', 'bench', 'server.mjs');

/** Search and browse near a zip, as the scale-out and replica benches load them. */
export const SEARCHES_NEAR_10001: readonly HttpTarget[] = [
  {
    name: 'POST /search/srp near 10001: q, facets',
    path: '/search/srp',
    method: 'POST',
    body: { zip: '10001', d: 50, q: 'lamp', size: 25 },
  },
  {
    name: 'POST /search/brp near 10001, newest',
    path: '/search/brp',
    method: 'POST',
    body: { zip: '10001', d: 50, sortBy: 'newest' },
  },
];

interface Load {
  seconds: number;
  connections: number;
  port: number;
}

export async function benchScaleOut(prepared: BenchDatabase, load: Load): Promise<void> {
  const built = spawnSync(process.execPath, ['scripts/bundle.mjs', bundle], { cwd: apiRoot, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the api bundle could not be built');
  const refnum = await sampleListing(prepared);
  const targets: HttpTarget[] = [
    ...SEARCHES_NEAR_10001,
    {
      name: 'POST /svc/listing/detailListing/v2 (listing page)',
      path: `/svc/listing/detailListing/v2?listingRefnum=${refnum}`,
      method: 'POST',
    },
  ];
  const byProcesses = new Map<number, Figures[]>();
  for (const processes of [1, 2]) {
    console.log(`  api processes: ${processes}`);
    printHeader();
    const server = await startBundle({ ...prepared.env, API_PROCESSES: String(processes) }, load.port, processes);
    try {
      const figures: Figures[] = [];
      for (const target of targets) {
        const row = await measureHttp(`http://127.0.0.1:${load.port}`, target, load);
        figures.push(row);
        printRow(row);
      }
      byProcesses.set(processes, figures);
    } finally {
      await stop(server);
    }
  }
  const one = byProcesses.get(1) ?? [];
  const two = byProcesses.get(2) ?? [];
  console.log(
    `  2 processes / 1, requests/s: ${targets
      .map((t, i) => `${t.path.split('?')[0]} ${((two[i]?.rps ?? 0) / (one[i]?.rps || 1)).toFixed(2)}x`)
      .join(', ')}`,
  );
  await benchPhotoStores(prepared, load);
}

/** A photo uploaded once, then its original and its thumbnail fetched under load, from each store. */
async function benchPhotoStores(prepared: BenchDatabase, load: Load): Promise<void> {
  const photo = await sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  const s3 = await startS3StandIn('yardly-bench');
  try {
    for (const [store, env] of [
      ['file store (DATA_DIR/files)', {}],
      ['object store (s3rver on loopback)', { S3_URL: s3.url }],
    ] as const) {
      console.log(`  photos from the ${store}:`);
      printHeader();
      const dataDir = mkdtempSync(join(tmpdir(), 'yardly-bench-photos-'));
      // Development mode: the dev outbox hands this bench the sign-up code.
      const server = await startBundle(
        { ...prepared.env, ...env, DATA_DIR: dataDir, NODE_ENV: 'development', API_PROCESSES: '1' },
        load.port,
        1,
      );
      try {
        const url = await uploadPhoto(load.port, photo);
        const thumb = `${url}?w=${PHOTO_SIZES.thumb.w}&h=${PHOTO_SIZES.thumb.h}`;
        // The thumbnail is made on its first request and kept: the load reads the kept one.
        await fetch(`http://127.0.0.1:${load.port}${thumb}`).then((r) => r.arrayBuffer());
        const stored = await fetch(`http://127.0.0.1:${load.port}${url}`).then((r) => r.arrayBuffer());
        for (const [name, path] of [
          [`GET the stored photo (${(stored.byteLength / 1024).toFixed(0)} kB)`, url],
          ['GET thumbnail (kept variant)', thumb],
        ] as const) {
          printRow(await measureHttp(`http://127.0.0.1:${load.port}`, { name, path }, load));
        }
      } finally {
        await stop(server);
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    await s3.close();
  }
}

/** A seller signed up through the dev outbox, and one listing photo uploaded: its `/svc/files/...` address. */
async function uploadPhoto(port: number, photo: Buffer): Promise<string> {
  const call = benchCall(`http://127.0.0.1:${port}`);
  const token = await signUpBenchSeller(call);
  const { inputSourceRandomRefnum } = await call<{ inputSourceRandomRefnum: string }>(
    '/listings/inputSourceRandomRefnum',
    { token },
  );
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
  const { url } = await call<{ url: string }>(
    `/listings/picture?inputSourceRandomRefnum=${inputSourceRandomRefnum}&picno=1`,
    { method: 'POST', body: form, token },
  );
  return url;
}

async function sampleListing(prepared: BenchDatabase): Promise<string> {
  const database = await prepared.open();
  try {
    const result = (await database.db.execute(
      sql`select refnum from listings where state = 'live' order by id limit 1`,
    )) as unknown as { rows: { refnum: string }[] };
    const refnum = result.rows[0]?.refnum;
    if (!refnum) throw new Error('no live listing to measure');
    return refnum;
  } finally {
    await database.close();
  }
}

/** The api bundle on `port` with `env`; resolves once all `processes` serve (cluster) or health answers. */
async function startBundle(env: Record<string, string>, port: number, processes: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [bundle], {
    cwd: apiRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      API_ONLY: '1',
      SEED: 'none',
      LOG_LEVEL: 'warn',
      // Production refuses to start without a mail server unless mail may go to the log; the bench sends none.
      MAIL_LOG: '1',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  const ready = () =>
    processes > 1
      ? Promise.resolve(output.includes(`with ${processes} api processes`))
      : fetch(`http://127.0.0.1:${port}/svc/health`).then(
          (r) => r.ok,
          () => false,
        );
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the api exited with ${child.exitCode}:\n${output}`);
    if (await ready()) return child;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGTERM');
  throw new Error(`the api did not start within 2 minutes:\n${output}`);
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
