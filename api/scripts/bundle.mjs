// The api as one JavaScript file (`pnpm build`, and `pnpm start` when it is stale): esbuild
// bundles src/server.ts with the workspace's shared package; every other package stays an
// import from node_modules. Loading it takes a fraction of compiling the TypeScript on every
// start (docs/decisions/0033). `node scripts/bundle.mjs [outfile]`, dist/server.mjs by default.
import { build } from 'esbuild';

const outfile = process.argv[2] ?? 'dist/server.mjs';
await build({
  entryPoints: [new URL('../src/server.ts', import.meta.url).pathname],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [
    {
      name: 'node_modules stay imports',
      setup(bundler) {
        bundler.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@yardly/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
