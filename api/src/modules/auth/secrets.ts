import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The key that signs access tokens and seals codes. From JWT_SECRET, or generated once and
 * kept in DATA_DIR/secrets.json (mode 600) so tokens survive a restart.
 */
export function loadSigningSecret(options: { configured?: string; dataDir?: string }): Uint8Array {
  if (options.configured) return new TextEncoder().encode(options.configured);
  if (!options.dataDir) return randomBytes(32);
  const path = join(options.dataDir, 'secrets.json');
  if (existsSync(path)) {
    const stored = JSON.parse(readFileSync(path, 'utf8')) as { jwtSecret?: string };
    if (stored.jwtSecret) return Buffer.from(stored.jwtSecret, 'base64url');
  }
  const secret = randomBytes(32);
  mkdirSync(options.dataDir, { recursive: true });
  writeFileSync(path, JSON.stringify({ jwtSecret: secret.toString('base64url') }), { mode: 0o600 });
  return secret;
}
