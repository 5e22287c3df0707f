// @ts-check

import { fileURLToPath } from 'node:url';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { donationFlagOn, webBuildFolder } from '../scripts/web-builds.mjs';
import { clientDemand } from './src/integrations/client-demand';
import { precompress } from './src/integrations/precompress';

// In `astro dev` the api runs as its own process; in production the api serves this site itself.
const apiOrigin = process.env.API_ORIGIN ?? 'http://127.0.0.1:3001';
// The donation flag is build-time: each value is built into its own folder (dist, dist-donation),
// and the api serves the one matching its flag (docs/decisions/0035-donation-build.md).
const donationBuild = donationFlagOn(process.env.PUBLIC_DONATION_ENABLED);

export default defineConfig({
  outDir: `./${webBuildFolder(donationBuild)}`,
  // Its own cache too, so the two variants' builds never share Vite's pre-bundled files.
  cacheDir: donationBuild ? './node_modules/.astro-donation' : './node_modules/.astro',
  output: 'static',
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), clientDemand(), precompress()],
  trailingSlash: 'ignore',
  // HTML's whitespace rules, as before Astro 7 (whose default, 'jsx', drops the line break
  // between words in the FAQ's and the pages' wrapped prose: "up to4 photos").
  compressHTML: true,
  // Inline the stylesheets: one request less before the first paint on every page (Lighthouse, issue 8).
  build: { format: 'directory', inlineStylesheets: 'always' },
  // Scripts only the site's own: every page carries a Content-Security-Policy (a <meta> on
  // prerendered pages, a header on rendered ones) whose script-src is 'self' plus the hashes
  // of the scripts Astro writes into pages (island runtime, directives, bundled <script>s),
  // so no injected inline script runs. Styles stay open to inline ones: React renders style
  // attributes. frame-ancestors cannot live in a <meta>: the api's own header carries it
  // (api/src/http/security-headers.ts).
  security: {
    csp: {
      algorithm: 'SHA-256',
      styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
    },
  },
  vite: {
    resolve: {
      // Every 'zod' import (the shared contract's and rules' schemas) through a module that
      // turns zod's eval probe off in the browser first: the pages' CSP has no 'unsafe-eval'.
      alias: [
        { find: /^zod$/, replacement: fileURLToPath(new URL('../shared/src/zod-without-eval.ts', import.meta.url)) },
      ],
    },
    server: {
      proxy: {
        '/svc': { target: apiOrigin, changeOrigin: true },
        // The browser legs of social sign-in are the api's too.
        '/oauth2/authorize': { target: apiOrigin },
        '/oauth2/callback': { target: apiOrigin },
      },
    },
  },
});
