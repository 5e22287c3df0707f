// `pnpm dev`: the api with reload on :3001 (API_ONLY), Astro's dev server on :3000 and the
// console's Vite server on :5174, both proxying /svc to the api.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { requireProjectRuntime } from './runtime.mjs';

requireProjectRuntime('pnpm dev');

const apiPort = process.env.API_PORT ?? '3001';
const env = { ...process.env, API_ORIGIN: `http://127.0.0.1:${apiPort}` };
const dataDir = resolve(process.env.DATA_DIR ?? './data');

const processes = [
  ['api', ['--filter', '@yardly/api', 'dev'], { ...env, PORT: apiPort, API_ONLY: '1', DATA_DIR: dataDir }],
  ['storefront', ['--filter', '@yardly/storefront', 'dev'], env],
  ['admin', ['--filter', '@yardly/admin', 'dev'], env],
].map(([name, args, childEnv]) => {
  // Its own process group, so stopping reaches what pnpm started (tsx watch, astro, vite).
  const child = spawn('pnpm', args, { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const prefix = (chunk) => chunk.toString().replace(/^(?=.)/gm, `[${name}] `);
  child.stdout.on('data', (c) => process.stdout.write(prefix(c)));
  child.stderr.on('data', (c) => process.stderr.write(prefix(c)));
  child.on('exit', (code) => {
    console.log(`[${name}] exited with ${code}; stopping the others.`);
    stopAll();
  });
  return child;
});

let stopping = false;
function stopAll() {
  if (stopping) return;
  stopping = true;
  for (const child of processes) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
  setTimeout(() => process.exit(0), 3000).unref();
}
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
console.log(
  'Storefront: http://localhost:3000  Console: http://localhost:5174/admin/  Api: http://localhost:' +
    apiPort +
    '/svc/health',
);
