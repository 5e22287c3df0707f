import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';

/** Where photos live: local disk by default (DATA_DIR/files), an S3-compatible bucket with S3_URL (object-store.ts). */
export interface FileStore {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  /** A file to send as it is read (photos are served this way: never whole in memory), or null. */
  open(key: string): Promise<OpenedFile | null>;
  /** Removes a file and the sizes made from it; a missing file is not an error. */
  delete(key: string): Promise<void>;
}

export interface OpenedFile {
  body: Readable;
  size: number;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Keys are `area/owner/name.ext`, lowercase-safe characters only: no way out of the store. */
export const FILE_KEY_PATTERN = /^[a-z]+\/[A-Za-z0-9_-]+\/[A-Za-z0-9_.-]+\.(jpg|png|webp)$/;

export function isFileKey(key: string): boolean {
  return FILE_KEY_PATTERN.test(key) && !key.includes('..');
}

/** A size made from `key`, stored beside it as `<name>_<w>x<h>.jpg` (files/routes.ts). */
export function isVariantOf(key: string, candidate: string): boolean {
  const stem = key.replace(/\.(jpg|png|webp)$/, '');
  return candidate.startsWith(`${stem}_`) && /^_\d+x\d+\.jpg$/.test(candidate.slice(stem.length));
}

export function diskFileStore(root: string): FileStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(join(base, key));
    if (!path.startsWith(base + sep)) throw new Error(`file key escapes the store: ${key}`);
    return path;
  };
  return {
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Write then rename: a reader never sees half a file, and two writers never share a temp file.
      const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, path);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async open(key) {
      try {
        const handle = await open(pathOf(key));
        const { size } = await handle.stat();
        // The stream closes the handle when it ends or is destroyed (a client that went away).
        return { body: handle.createReadStream(), size };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      const path = pathOf(key);
      // Sizes are stored beside the original as `<name>_<w>x<h>.jpg`.
      const siblings = await readdir(dirname(path)).catch(() => [] as string[]);
      const variants = siblings.filter((name) => isVariantOf(basename(path), name));
      await Promise.all(
        [path, ...variants.map((name) => join(dirname(path), name))].map((file) => rm(file, { force: true })),
      );
    },
  };
}
