import { chmodSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The embedded database writes its files world-writable (its virtual file system's modes):
 * make the tree the owner's alone, directories 0700 and files 0600. A directory's own mode is
 * what guards the files created in it later.
 */
export function makePrivate(dir: string): void {
  chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) makePrivate(path);
    else if (entry.isFile()) chmodSync(path, 0o600);
  }
}
