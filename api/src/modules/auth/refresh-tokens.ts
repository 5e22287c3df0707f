import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { addMs, type Clock } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { refreshTokens } from '../../db/schema/index';

/** Two tabs may refresh with the same token at once: a reuse this soon is not an attack. */
export const REUSE_GRACE_MS = 5_000;

export interface IssuedRefresh {
  refreshToken: string;
  expiresAt: Date;
}

export type Rotation = { ok: true; userId: number; issued: IssuedRefresh } | { ok: false };

function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Opaque refresh tokens, stored hashed and rotated on every use. The tokens of one login
 * form a family with one absolute end; a token presented again after its grace window
 * revokes the whole family (it was stolen or replayed).
 */
export function refreshTokenStore(db: Db, lifetimeDays: number, clock: Clock) {
  async function insert(userId: number, familyId: string, expiresAt: Date, deviceId?: string): Promise<IssuedRefresh> {
    const refreshToken = randomBytes(32).toString('base64url');
    await db.insert(refreshTokens).values({ familyId, userId, tokenHash: digest(refreshToken), expiresAt, deviceId });
    return { refreshToken, expiresAt };
  }

  return {
    /** A new login: a new family. */
    start(userId: number, deviceId?: string): Promise<IssuedRefresh> {
      return insert(userId, randomUUID(), addMs(clock.now(), lifetimeDays * 86_400_000), deviceId);
    },

    /** Trade a token for the next one of its family, or say the session is dead. */
    async rotate(token: string, deviceId?: string): Promise<Rotation> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, digest(token)))
          .for('update');
        if (!row || row.revokedAt || row.expiresAt.getTime() <= now.getTime()) return { ok: false as const };
        if (row.usedAt && now.getTime() - row.usedAt.getTime() > REUSE_GRACE_MS) {
          await tx
            .update(refreshTokens)
            .set({ revokedAt: now })
            .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
          return { ok: false as const };
        }
        if (!row.usedAt) await tx.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.id, row.id));
        const refreshToken = randomBytes(32).toString('base64url');
        await tx.insert(refreshTokens).values({
          familyId: row.familyId,
          userId: row.userId,
          tokenHash: digest(refreshToken),
          expiresAt: row.expiresAt,
          deviceId: deviceId ?? row.deviceId,
        });
        return { ok: true as const, userId: row.userId, issued: { refreshToken, expiresAt: row.expiresAt } };
      });
    },

    /** Log out: the token's family ends. Unknown tokens are ignored (logging out twice is fine). */
    async revokeFamilyOf(token: string): Promise<void> {
      const [row] = await db
        .select({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, digest(token)));
      if (!row) return;
      await db
        .update(refreshTokens)
        .set({ revokedAt: clock.now() })
        .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
    },

    /** Every login of a user ends (a password change or reset). */
    async revokeAllOf(userId: number): Promise<void> {
      await db
        .update(refreshTokens)
        .set({ revokedAt: clock.now() })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    },
  };
}

export type RefreshTokenStore = ReturnType<typeof refreshTokenStore>;
