import type { Config } from '../../config';
import { diskFileStore, type FileStore } from './file-store';
import { objectFileStore } from './object-store';

/**
 * The store the configuration names: the S3-compatible bucket of S3_URL, or DATA_DIR/files.
 * `check` answers once the store can be used (the bucket exists and takes our keys).
 */
export function fileStoreFor(config: Pick<Config, 'filesDir' | 'objectStore'>): FileStore & { check(): Promise<void> } {
  if (config.objectStore) return objectFileStore(config.objectStore);
  return Object.assign(diskFileStore(config.filesDir), { check: async () => {} });
}
