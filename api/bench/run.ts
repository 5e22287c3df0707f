// `pnpm bench`: the api in this process on a fresh embedded database with the demo data,
// loaded over loopback by autocannon. Prints throughput, latency and memory; asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../src/app';
import { parseConfig } from '../src/config';
import { openDatabase } from '../src/db/connect';
import { diskFileStore } from '../src/modules/files/file-store';
import { seedDemo } from '../src/seed/demo';
import { seedReference } from '../src/seed/reference';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const dataDir = mkdtempSync(join(tmpdir(), 'yardly-bench-'));
const config = parseConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: '' });

let t = Date.now();
const database = await openDatabase({ dataDir: config.dataDir });
console.log(`open and migrate a fresh embedded database: ${Date.now() - t} ms`);
t = Date.now();
await seedReference(database.db);
console.log(`reference data (zip codes, taxonomy): ${Date.now() - t} ms`);
t = Date.now();
const files = diskFileStore(config.filesDir);
const seeded = await seedDemo(database.db, files);
console.log(`demo data (${seeded.listings} listings, ${seeded.photos} photos): ${Date.now() - t} ms`);

const app = await buildApp({ config, database, files });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const recent = (await (await fetch(`${address}/svc/listing/recentItems?size=1`)).json()) as {
  data: { docs: { listingRefnum: string; listingPictureUrl: string }[] };
};
const sample = recent.data.docs[0];
const categories = (await (await fetch(`${address}/svc/categories`)).json()) as { data: { categoryRefnum: string }[] };
if (!sample || !categories.data[0]) throw new Error('no demo data to measure');

const targets = [
  { name: 'GET /svc/health', url: '/svc/health' },
  { name: 'GET /svc/categories/all', url: '/svc/categories/all' },
  { name: 'GET /svc/listing/recentItems (25)', url: '/svc/listing/recentItems' },
  {
    name: 'POST /svc/listing/bycategoryrefnum (25)',
    url: `/svc/listing/bycategoryrefnum?categoryRefnum=${categories.data[0].categoryRefnum}`,
    method: 'POST' as const,
  },
  {
    name: 'POST /svc/listing/detailListing/v2',
    url: `/svc/listing/detailListing/v2?listingRefnum=${sample.listingRefnum}`,
    method: 'POST' as const,
  },
  { name: 'GET card photo 253x210 (cached variant)', url: `${sample.listingPictureUrl}?w=253&h=210` },
];

console.log(`\n${connections} connections, ${seconds} s each, embedded database, one process\n`);
console.log('call'.padEnd(44), 'req/s'.padStart(8), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'errors'.padStart(8));
for (const target of targets) {
  const result = await autocannon({
    url: `${address}${target.url}`,
    method: target.method ?? 'GET',
    connections,
    duration: seconds,
  });
  console.log(
    target.name.padEnd(44),
    result.requests.average.toFixed(0).padStart(8),
    String(result.latency.p50).padStart(8),
    String(result.latency.p99).padStart(8),
    String(result.errors + result.non2xx).padStart(8),
  );
}
const memory = process.memoryUsage();
console.log(
  `\nmemory: rss ${(memory.rss / 2 ** 20).toFixed(0)} MiB, heap used ${(memory.heapUsed / 2 ** 20).toFixed(0)} MiB`,
);

await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
