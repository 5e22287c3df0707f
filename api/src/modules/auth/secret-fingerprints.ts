import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { instanceSecrets } from '../../db/schema/index';

/** A secret this instance uses, named by the variable(s) that set it. */
export interface InstanceSecret {
  name: 'JWT_SECRET' | 'VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY';
  value: Uint8Array | string;
}

/** Raised at start: another instance on this database uses another secret. */
export class SecretMismatchError extends Error {
  override name = 'SecretMismatchError';
}

/** An HMAC keyed by the secret: equal secrets, equal fingerprints; the secret cannot be read back. */
export function fingerprintOf(value: Uint8Array | string): string {
  return createHmac('sha256', value).update('yardly instance secret fingerprint').digest('hex');
}

/**
 * Several instances on one database must seal and sign with the same secrets (issue 34: mail
 * queued by one and sent by another died as "sealed with another server secret"). The first
 * instance records each secret's fingerprint; a later one with another refuses to start, naming
 * the variable. To change a secret on purpose, stop every instance and delete its row.
 */
export async function assertSharedSecrets(db: Db, secrets: InstanceSecret[]): Promise<void> {
  for (const { name, value } of secrets) {
    const fingerprint = fingerprintOf(value);
    await db.insert(instanceSecrets).values({ name, fingerprint }).onConflictDoNothing();
    const [recorded] = await db.select().from(instanceSecrets).where(eq(instanceSecrets.name, name));
    if (recorded && recorded.fingerprint !== fingerprint) {
      throw new SecretMismatchError(
        `${name} differs from the one the other instances on this database use (fingerprint ${recorded.fingerprint.slice(0, 12)}…, recorded ${recorded.createdAt.toISOString()}): set the same ${name} on every instance (unset, it is generated per DATA_DIR). To change it on purpose, stop every instance and delete the row '${name}' of instance_secrets.`,
      );
    }
  }
}
