// Writes the api's OpenAPI description (what GET /svc/openapi.json answers) to the file named by
// the first argument: the app is built in process on an in-memory database, nothing listens.
// `pnpm openapi:lint` lints it with Redocly's recommended rules (redocly.yaml).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app';
import { parseConfig } from '../src/config';
import { openDatabase } from '../src/db/connect';
import { fileStoreFor } from '../src/modules/files/store-for';

const out = process.argv[2];
if (!out) throw new Error('usage: openapi-document.ts <file>');
const dataDir = mkdtempSync(join(tmpdir(), 'yardly-openapi-'));
// The flag-gated calls (donations) are part of the description too.
const config = parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_DONATION_ENABLED: 'true' });
const database = await openDatabase({});
try {
  const app = await buildApp({ config, database, files: fileStoreFor(config) });
  await app.ready();
  const res = await app.inject({ method: 'GET', url: '/svc/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`GET /svc/openapi.json answered ${res.statusCode}: ${res.body}`);
  writeFileSync(out, res.body);
  await app.close();
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
