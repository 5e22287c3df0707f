import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { type Connect, defineConfig, type Plugin } from 'vite';
import { precompressFolder } from '../scripts/precompress.mjs';
import { donationFlagOn, webBuildFolder } from '../scripts/web-builds.mjs';

// In production the api serves dist/ under /admin/; in dev this server proxies /svc to it.
export default defineConfig({
  base: '/admin/',
  // PUBLIC_DONATION_ENABLED: the one donation flag the storefront and the api also read.
  envPrefix: ['VITE_', 'PUBLIC_'],
  plugins: [react(), noStorefrontHere(), precompressBuild()],
  server: {
    proxy: {
      '/svc': { target: process.env.API_ORIGIN ?? 'http://127.0.0.1:3001' },
    },
  },
  build: {
    // Each donation flag value has its own build (docs/decisions/0035-donation-build.md).
    outDir: webBuildFolder(donationFlagOn(process.env.PUBLIC_DONATION_ENABLED)),
    emptyOutDir: true,
    // An admin's first screen loads react-admin's core with MUI (about 900 kB, under 300 kB
    // gzipped, held by storefront/e2e/page-weight.spec.ts); the resources' views, the list
    // actions and the inputs only they use load lazily, and a guest loads only the session check
    // (src/main.tsx, docs/decisions/0055-light-first-loads.md).
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        // React goes alone (it imports nothing else, so no import cycle) and stays cached across
        // releases; the rest of node_modules is left to rolldown, so a module only a lazy view
        // uses (an ImageInput, an ArrayInput) travels with that view, not with the first screen.
        codeSplitting: {
          groups: [{ name: 'react', test: /\/node_modules\/(react|react-dom|scheduler)\// }],
        },
      },
    },
  },
});

/** After the build, a `.br` and a `.gz` beside each text file, as the storefront's build writes them. */
function precompressBuild(): Plugin {
  let outDir = '';
  return {
    name: 'yardly-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressFolder(outDir);
    },
  };
}

/**
 * Signing in happens on the storefront at `/?q=login`. On the console's own dev and preview
 * servers nothing lives at `/` and vite would redirect it back to /admin/, which sends a
 * visitor without a session round in a redirect loop; answer `/` with directions instead.
 */
function noStorefrontHere(): Plugin {
  const answerRoot: Connect.NextHandleFunction = (req, res, next) => {
    if (req.url?.split('?')[0] !== '/') return next();
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(`<!doctype html><title>Yardly back office</title>
<p>Signing in is the storefront's job, and this console-only server does not run it.
Use <code>pnpm start</code> (it serves both), or store a session by hand in this browser's
console, then open <a href="/admin/">/admin/</a>:</p>
<pre>localStorage.setItem('yardly.session', JSON.stringify({ accessToken: '…', userRoles: ['ROLE_ADMIN'] }))</pre>`);
  };
  return {
    name: 'yardly-no-storefront-here',
    configureServer: (server) => void server.middlewares.use(answerRoot),
    configurePreviewServer: (server) => void server.middlewares.use(answerRoot),
  };
}
