import { createHash } from 'node:crypto';
import { KNOWN_DEVICE_DAYS } from '@yardly/shared/rules';
import { and, eq, gt } from 'drizzle-orm';
import { addMs, type Clock } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { knownDevices as knownDevicesTable } from '../../db/schema/index';

/** Kept hashed: a device id now opens a way past the shared login ceilings, so a leak must not hand it out. */
const hashOf = (deviceId: string) => createHash('sha256').update(deviceId).digest('hex');

/**
 * The devices an account signed in from (any way in: password, code, social), for
 * KNOWN_DEVICE_DAYS after the last time. A stranger cannot name one: device ids are random
 * per browser and never shown to anyone else.
 */
export function knownDevices(db: Db, clock: Clock) {
  return {
    async remember(userId: number, deviceId: string | undefined): Promise<void> {
      if (!deviceId) return;
      const now = clock.now();
      await db
        .insert(knownDevicesTable)
        .values({ userId, deviceHash: hashOf(deviceId), lastSignedInAt: now })
        .onConflictDoUpdate({
          target: [knownDevicesTable.userId, knownDevicesTable.deviceHash],
          set: { lastSignedInAt: now },
        });
    },

    /** The device's hash when the account knows it (recently enough), else undefined. */
    async knownHash(userId: number, deviceId: string | undefined): Promise<string | undefined> {
      if (!deviceId) return undefined;
      const deviceHash = hashOf(deviceId);
      const since = addMs(clock.now(), -KNOWN_DEVICE_DAYS * 24 * 60 * 60_000);
      const [row] = await db
        .select({ deviceHash: knownDevicesTable.deviceHash })
        .from(knownDevicesTable)
        .where(
          and(
            eq(knownDevicesTable.userId, userId),
            eq(knownDevicesTable.deviceHash, deviceHash),
            gt(knownDevicesTable.lastSignedInAt, since),
          ),
        );
      return row?.deviceHash;
    },
  };
}

export type KnownDevices = ReturnType<typeof knownDevices>;
