import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { parseConfig } from '../src/config';
import { instanceSecrets } from '../src/db/schema/index';
import { fingerprintOf } from '../src/modules/auth/secret-fingerprints';
import { startTestApp, type TestApp } from './harness';

// Issue 34: two instances on one database, one without the shared JWT_SECRET: every mail queued
// by one and sent by the other died as a permanent job error. Now the second refuses to start.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { JWT_SECRET: 'the-secret-every-instance-shares-0123456789' } });
});
afterAll(() => t.close());

const another = (env: Record<string, string>) =>
  buildApp({
    config: parseConfig({ NODE_ENV: 'test', DATA_DIR: t.dataDir, ...env }),
    database: t.database,
    files: t.files,
  });

describe('instances on one database', () => {
  it('record a fingerprint of each secret, never the secret', async () => {
    const rows = await t.database.db.select().from(instanceSecrets);
    expect(rows.map((row) => row.name).sort()).toEqual(['JWT_SECRET', 'VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY']);
    const jwt = rows.find((row) => row.name === 'JWT_SECRET');
    expect(jwt?.fingerprint).toBe(fingerprintOf(t.secret));
    expect(JSON.stringify(rows)).not.toContain('the-secret-every-instance-shares');
  });

  it('refuse to start with another JWT_SECRET, naming it; with the same one they start', async () => {
    await expect(another({ JWT_SECRET: 'a-secret-nobody-else-on-this-database-has' })).rejects.toThrow(
      /^JWT_SECRET differs from the one the other instances on this database use .*set the same JWT_SECRET on every instance/,
    );
    const same = await another({ JWT_SECRET: 'the-secret-every-instance-shares-0123456789' });
    await same.close();
  });

  it('refuse to start with another VAPID key pair, naming it', async () => {
    const { generateVAPIDKeys } = (await import('web-push')).default;
    const keys = generateVAPIDKeys();
    await expect(
      another({
        JWT_SECRET: 'the-secret-every-instance-shares-0123456789',
        VAPID_PUBLIC_KEY: keys.publicKey,
        VAPID_PRIVATE_KEY: keys.privateKey,
      }),
    ).rejects.toThrow(/^VAPID_PUBLIC_KEY\/VAPID_PRIVATE_KEY differs/);
  });
});
