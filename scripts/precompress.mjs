// A `.br` and a `.gz` beside every text file of a finished build: the api serves them as they
// are (@fastify/static `preCompressed`, api/src/web/serve-web.ts), so scripts and pages travel
// at a third of their size without being compressed on every request. The storefront's build
// (storefront/src/integrations/precompress.ts) and the console's (admin/vite.config.ts) run it.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What is worth compressing: text. Pictures and fonts are compressed already. */
const TEXT_FILE = /\.(html|js|mjs|css|json|svg|xml|txt|webmanifest)$/;
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

/** Compresses every text file under `root` beside itself; answers how many files it looked at. */
export async function precompressFolder(root) {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && TEXT_FILE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
  await Promise.all(files.map(compressBeside));
  return files.length;
}

async function compressBeside(file) {
  const content = await readFile(file);
  if (content.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
}
