// `pnpm start`: build what is missing or stale, then run the one server (api, storefront
// and console on one port) in this process, so signals reach it directly.
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';
import { isLocalTrial, LOCAL_TRIAL_NOTICE } from './local-trial-mail.mjs';
import { requireProjectRuntime } from './runtime.mjs';
import { stopWhenOrphaned } from './stop-when-orphaned.mjs';

requireProjectRuntime('pnpm start');

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (path) => resolve(root, path);

buildIfStale({
  name: 'the storefront',
  filter: '@yardly/storefront',
  output: at('storefront/dist/server/entry.mjs'),
  sources: [at('storefront/src'), at('storefront/public'), at('storefront/astro.config.mjs'), at('shared/src')],
});
buildIfStale({
  name: 'the api',
  filter: '@yardly/api',
  output: at('api/dist/server.mjs'),
  sources: [at('api/src'), at('api/scripts'), at('api/package.json'), at('shared/src')],
});
buildIfStale({
  name: 'the console',
  filter: '@yardly/admin',
  output: at('admin/dist/index.html'),
  sources: [at('admin/src'), at('admin/index.html'), at('admin/vite.config.ts'), at('shared/src')],
});

// DATA_DIR is relative to where `pnpm start` was run (the repository root), not to api/.
process.env.DATA_DIR = resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR ?? './data');
process.env.NODE_ENV ??= 'production';
if (isLocalTrial(process.env)) {
  process.env.MAIL_LOG = '1';
  console.log(LOCAL_TRIAL_NOTICE);
}

stopWhenOrphaned();

// The api's bundle (api/scripts/bundle.mjs); its stack traces name the TypeScript files.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(at('api/dist/server.mjs')).href);
