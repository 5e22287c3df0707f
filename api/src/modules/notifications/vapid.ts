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
  if (existsSync(path)) {
    const stored = JSON.parse(readFileSync(path, 'utf8')) as Partial<VapidKeys>;
    if (stored.publicKey && stored.privateKey) return { publicKey: stored.publicKey, privateKey: stored.privateKey };
  }
  const keys = webpush.generateVAPIDKeys();
  mkdirSync(options.dataDir, { recursive: true });
  writeFileSync(path, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}
