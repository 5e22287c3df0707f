import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
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
  const present = existsSync(path);
  if (present) {
    const stored = JSON.parse(readFileSync(path, 'utf8')) as { jwtSecret?: string };
    if (stored.jwtSecret) return Buffer.from(stored.jwtSecret, 'base64url');
  }
  const secret = randomBytes(32);
  mkdirSync(options.dataDir, { recursive: true });
  try {
    // Only if absent: of several processes starting at once on one DATA_DIR, the first one's
    // secret is everyone's.
    writeFileSync(path, JSON.stringify({ jwtSecret: secret.toString('base64url') }), {
      mode: 0o600,
      flag: present ? 'w' : 'wx',
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return loadSigningSecret(options);
  }
  return secret;
}

/**
 * Text sealed at rest: AES-256-GCM with a key derived from the server secret for one purpose,
 * so a copy of the database alone reveals nothing, and a sealed text changed or moved to
 * another purpose does not open. Sealed form: iv.tag.data, each base64url.
 */
export function textSealer(secret: Uint8Array, purpose: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), purpose, 32));
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
    },
    open(sealed: string): string {
      const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
      if (!iv || !tag || !data) throw new Error(`malformed sealed text (${purpose})`);
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
    },
  };
}

export type TextSealer = ReturnType<typeof textSealer>;
