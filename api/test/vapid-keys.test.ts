import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config';
import { loadVapidKeys } from '../src/modules/notifications/vapid';

const dataDir = mkdtempSync(join(tmpdir(), 'yardly-vapid-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('VAPID keys', () => {
  it('are generated once into DATA_DIR (mode 600) and the same at the next start', () => {
    const first = loadVapidKeys({ dataDir });
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(first.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(join(dataDir, 'vapid.json')).mode & 0o777).toBe(0o600);
    expect(loadVapidKeys({ dataDir })).toEqual(first);
  });

  it('come from the environment when set, both or neither', () => {
    const keys = loadVapidKeys({ dataDir });
    const config = parseConfig({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey });
    expect(config.vapid.keys).toEqual(keys);
    expect(config.vapid.subject).toBe('mailto:support@yardly.local');
    expect(() => parseConfig({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(
      'VAPID_PRIVATE_KEY: required when VAPID_PUBLIC_KEY is set',
    );
    expect(() => parseConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(
      /VAPID_PUBLIC_KEY: must be a base64url P-256 public key/,
    );
    expect(() => parseConfig({ VAPID_SUBJECT: 'http://example.com' })).toThrow(
      'VAPID_SUBJECT: must be a mailto: address or an https:// URL',
    );
  });
});
