// `pnpm start`: build what is missing or stale, then run the one server (api, storefront
// and console on one port) in this process, so signals reach it directly.
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';
import { isLocalTrial, LOCAL_TRIAL_NOTICE } from './local-trial-mail.mjs';
import { requireProjectRuntime } from './runtime.mjs';
import { stopWhenOrphaned } from './stop-when-orphaned.mjs';
import { donationFlagOn, webBuildFolder } from './web-builds.mjs';

requireProjectRuntime('pnpm start');

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (path) => resolve(root, path);
// The donation flag is build-time for the pages: build (and the api serves) the variant this
// environment asks for, never a flag-off build beside a flag-on api (docs/decisions/0035).
const donationEnabled = donationFlagOn(process.env.PUBLIC_DONATION_ENABLED);
const variant = donationEnabled ? ' (donation flag on)' : '';
const folder = webBuildFolder(donationEnabled);

buildIfStale({
  name: `the storefront${variant}`,
  filter: '@yardly/storefront',
  output: at(`storefront/${folder}/server/entry.mjs`),
  sources: [at('storefront/src'), at('storefront/public'), at('storefront/astro.config.mjs'), at('shared/src')],
});
buildIfStale({
  name: 'the api',
  filter: '@yardly/api',
  output: at('api/dist/server.mjs'),
  sources: [at('api/src'), at('api/scripts'), at('api/package.json'), at('shared/src')],
});
buildIfStale({
  name: `the console${variant}`,
  filter: '@yardly/admin',
  output: at(`admin/${folder}/index.html`),
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
