import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The api package's folder: the nearest one holding a package.json above this module. Run as
 * TypeScript (src/) or from the bundle `pnpm start` builds (dist/), the api finds its migrations
 * and the repository's builds the same way (docs/decisions/0033).
 */
function findApiRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error('The api package (its package.json) was not found above the running module');
    dir = up;
  }
  return dir;
}

export const apiRoot = findApiRoot();
/** The repository: the storefront's and console's builds are served from it. */
export const repoRoot = dirname(apiRoot);
