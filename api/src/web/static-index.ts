import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * Every file of a build folder by the URL path that asks for it (`/categories`,
 * `/categories/` and `/categories/index.html` all name `categories/index.html`).
 * A build does not change while the server runs, so the index is made once: no
 * file-system probing per request, and no path a client makes up can reach the disk.
 */
export function indexStaticFiles(root: string, prefix = ''): Map<string, string> {
  const index = new Map<string, string>();
  if (!existsSync(root)) return index;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
        continue;
      }
      const file = relative(root, full).split(sep).join('/');
      index.set(`${prefix}/${file}`, file);
      if (entry.name === 'index.html') {
        const folder = file.slice(0, -'index.html'.length); // '' or 'categories/'
        index.set(`${prefix}/${folder}`, file);
        if (folder) index.set(`${prefix}/${folder.slice(0, -1)}`, file);
      }
    }
  };
  walk(root);
  return index;
}
