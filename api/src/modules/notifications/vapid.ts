import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID key pair push services know this server by: from VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY, or generated once and kept in DATA_DIR/vapid.json (mode 600), so browsers'
 * subscriptions (made with the public key) survive a restart.
 */
export function loadVapidKeys(options: { configured?: VapidKeys; dataDir: string }): VapidKeys {
  if (options.configured) return options.configured;
  const path = join(options.dataDir, 'vapid.json');
  if (!existsSync(path)) {
    mkdirSync(options.dataDir, { recursive: true });
    try {
      // Created only if absent: two processes starting together on one DATA_DIR keep one pair.
      writeFileSync(path, JSON.stringify(webpush.generateVAPIDKeys()), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const stored = JSON.parse(readFileSync(path, 'utf8')) as Partial<VapidKeys>;
  if (!stored.publicKey || !stored.privateKey)
    throw new Error(`${path} holds no VAPID key pair: delete it to make a new one`);
  return { publicKey: stored.publicKey, privateKey: stored.privateKey };
}
