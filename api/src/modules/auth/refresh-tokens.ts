import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { addMs, type Clock } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { refreshTokens, sessions } from '../../db/schema/index';
import type { Live } from '../live/live';

export interface IssuedRefresh {
  refreshToken: string;
  expiresAt: Date;
  /** The session the tokens belong to: access tokens name it. */
  sessionId: string;
}

export type Rotation = { ok: true; userId: number; issued: IssuedRefresh } | { ok: false };

function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Sessions and their refresh tokens. A login starts a session with one absolute end; its
 * refresh tokens are opaque, stored hashed and rotated on every use. A used token presented
 * again ends the session (one token with two children is a fork, and one branch is a thief's;
 * issue 34: a 5-second grace let one token fork into 20 live ones), but for a retry or two from
 * its own device within seconds while no child has been used (`mayRetry`). Tabs of one browser never race for it: the client
 * refreshes under a cross-tab lock (token-refresh.ts). Ending a session
 * is one row: the access tokens naming it are refused from then on (resolve-caller.ts), and the
 * person's open live streams are told to check theirs (they close with it).
 */
/**
 * A used token may come back within seconds from the device it was issued to, while none of its
 * children has been used: a page that navigated while its refresh was answered never stored the
 * child (a redirect and then a click can lose two in a row), and must not log its owner out. From
 * another device, later, after a child was used, or past `MAX_CHILDREN`, it is a fork: the
 * session ends.
 */
export const RETRY_GRACE_MS = 5_000;
/** At most this many children of one token (the first and two retries): never the twenty of issue 34. */
export const MAX_CHILDREN = 3;

async function mayRetry(
  tx: Db,
  used: typeof refreshTokens.$inferSelect,
  deviceId: string | undefined,
  now: Date,
): Promise<boolean> {
  if (!used.usedAt || now.getTime() - used.usedAt.getTime() > RETRY_GRACE_MS) return false;
  if (!deviceId || deviceId !== used.deviceId) return false;
  const [later] = await tx
    .select({ children: sql<number>`count(*)::int`, used: sql<number>`count(${refreshTokens.usedAt})::int` })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, used.familyId), gt(refreshTokens.id, used.id)));
  return (later?.used ?? 0) === 0 && (later?.children ?? 0) < MAX_CHILDREN;
}

/** Sessions of a person ended in a transaction: their open live streams close with them (live's `endStreamsOf`). */
export type EndLiveStreams = Live['endStreamsOf'];

export function refreshTokenStore(db: Db, lifetimeDays: number, clock: Clock, endLiveStreamsOf: EndLiveStreams) {
  async function insertToken(into: Db, sessionId: string, userId: number, deviceId?: string) {
    const refreshToken = randomBytes(32).toString('base64url');
    await into.insert(refreshTokens).values({ familyId: sessionId, userId, tokenHash: digest(refreshToken), deviceId });
    return refreshToken;
  }

  return {
    /** A new login: a new session and its first refresh token. */
    async start(userId: number, deviceId?: string): Promise<IssuedRefresh> {
      const sessionId = randomUUID();
      const expiresAt = addMs(clock.now(), lifetimeDays * 86_400_000);
      return db.transaction(async (tx) => {
        await tx.insert(sessions).values({ id: sessionId, userId, expiresAt, createdAt: clock.now() });
        return { refreshToken: await insertToken(tx, sessionId, userId, deviceId), expiresAt, sessionId };
      });
    },

    /** Trade a token for the next one of its session, or say the session is dead. */
    async rotate(token: string, deviceId?: string): Promise<Rotation> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ token: refreshTokens, session: sessions })
          .from(refreshTokens)
          .innerJoin(sessions, eq(sessions.id, refreshTokens.familyId))
          .where(eq(refreshTokens.tokenHash, digest(token)))
          // The session row too: a rotation and the end of its session never cross.
          .for('update');
        if (!row) return { ok: false as const };
        const { token: used, session } = row;
        if (session.revokedAt || session.expiresAt.getTime() <= now.getTime()) return { ok: false as const };
        if (used.usedAt && !(await mayRetry(tx, used, deviceId, now))) {
          await tx.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, session.id));
          await endLiveStreamsOf(tx, session.userId);
          return { ok: false as const };
        }
        if (!used.usedAt) await tx.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.id, used.id));
        const refreshToken = await insertToken(tx, session.id, session.userId, deviceId ?? used.deviceId ?? undefined);
        return {
          ok: true as const,
          userId: session.userId,
          issued: { refreshToken, expiresAt: session.expiresAt, sessionId: session.id },
        };
      });
    },

    /** Log out: the token's session ends. Unknown tokens are ignored (logging out twice is fine). */
    async revokeFamilyOf(token: string): Promise<void> {
      const [row] = await db
        .select({ sessionId: refreshTokens.familyId, userId: refreshTokens.userId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, digest(token)));
      if (!row) return;
      await db.transaction(async (tx) => {
        await tx
          .update(sessions)
          .set({ revokedAt: clock.now() })
          .where(and(eq(sessions.id, row.sessionId), isNull(sessions.revokedAt)));
        await endLiveStreamsOf(tx, row.userId);
      });
    },

    /** Every session of a user ends (a password change or reset, a block); pass `tx` to end them in it. */
    async revokeAllOf(userId: number, into: Db = db): Promise<void> {
      await into
        .update(sessions)
        .set({ revokedAt: clock.now() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
      await endLiveStreamsOf(into, userId);
    },
  };
}

export type RefreshTokenStore = ReturnType<typeof refreshTokenStore>;
