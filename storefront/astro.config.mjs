// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { clientDemand } from './src/integrations/client-demand';
import { precompress } from './src/integrations/precompress';

// In `astro dev` the api runs as its own process; in production the api serves this site itself.
const apiOrigin = process.env.API_ORIGIN ?? 'http://127.0.0.1:3001';

export default defineConfig({
  output: 'static',
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), clientDemand(), precompress()],
  trailingSlash: 'ignore',
  // HTML's whitespace rules, as before Astro 7 (whose default, 'jsx', drops the line break
  // between words in the FAQ's and the pages' wrapped prose: "up to4 photos").
  compressHTML: true,
  // Inline the stylesheets: one request less before the first paint on every page (Lighthouse, issue 8).
  build: { format: 'directory', inlineStylesheets: 'always' },
  vite: {
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
