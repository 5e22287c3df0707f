// The end-to-end server: `pnpm start` (scripts/start.mjs) run with the test's NODE_ENV
// (development, for the dev outbox). start.mjs builds what is stale in its own environment,
// and a build made under NODE_ENV=development is React's development build, which would then
// stay in dist for the next `pnpm start`. So build here first, as production; start.mjs then
// finds its outputs fresh. The inputs below are start.mjs's: keep them the same.
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildIfStale } from '../../scripts/build-if-stale.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const at = (path) => resolve(root, path);

const serveAs = process.env.NODE_ENV;
process.env.NODE_ENV = 'production';
buildIfStale({
  name: 'the storefront',
  filter: '@yardly/storefront',
  output: at('storefront/dist/server/entry.mjs'),
  sources: [at('storefront/src'), at('storefront/public'), at('storefront/astro.config.mjs'), at('shared/src')],
});
buildIfStale({
  name: 'the console',
  filter: '@yardly/admin',
  output: at('admin/dist/index.html'),
  sources: [at('admin/src'), at('admin/index.html'), at('admin/vite.config.ts'), at('shared/src')],
});
if (serveAs === undefined) delete process.env.NODE_ENV;
else process.env.NODE_ENV = serveAs;

await import(pathToFileURL(at('scripts/start.mjs')).href);
