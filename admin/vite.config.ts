import react from '@vitejs/plugin-react';
import { type Connect, defineConfig, type Plugin } from 'vite';

// In production the api serves dist/ under /admin/; in dev this server proxies /svc to it.
export default defineConfig({
  base: '/admin/',
  plugins: [react(), noStorefrontHere()],
  server: {
    proxy: {
      '/svc': { target: process.env.API_ORIGIN ?? 'http://127.0.0.1:3001' },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The vendor chunk is react-admin with MUI (about 740 kB, 240 kB gzipped), all of it
    // needed for the first screen; warn only if it grows well past that.
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      output: {
        // Cacheable vendor code apart from the app. React goes alone because it imports
        // nothing else, so the chunks cannot form an import cycle.
        manualChunks(id) {
          if (!id.includes('/node_modules/')) return undefined;
          if (/\/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
          return 'vendor';
        },
      },
    },
  },
});

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
