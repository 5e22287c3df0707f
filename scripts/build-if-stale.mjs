import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Newest modification time under the given files and folders (node_modules and dist skipped). */
function newestMtime(paths) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) {
        if (entry === 'node_modules' || entry === 'dist' || entry === '.astro' || entry.startsWith('.')) continue;
        visit(join(path, entry));
      }
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const path of paths) visit(path);
  return newest;
}

/**
 * Build a package when its output is missing or older than its sources, so `pnpm start`
 * on a fresh clone builds once and later starts are instant.
 */
export function buildIfStale({ name, filter, output, sources }) {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  if (built && built >= newestMtime(sources)) return false;
  console.log(`Building ${name} (${built ? 'sources changed' : 'not built yet'})...`);
  // Always the production bundles (React's development build is several times larger), even
  // when the server itself runs with NODE_ENV=development (the e2e tests want the dev outbox).
  const result = spawnSync('pnpm', ['--filter', filter, 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    console.error(`Building ${name} failed; see the output above.`);
    process.exit(result.status ?? 1);
  }
  return true;
}
