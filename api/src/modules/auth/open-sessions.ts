import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { sessions, users } from '../../db/schema/index';

/** A session lets its person in until it is ended (log-out, a password change, a block) or reaches its end. */
export function sessionIsOpen(session: { revokedAt: Date | null; expiresAt: Date } | null | undefined, now: Date) {
  return Boolean(session && !session.revokedAt && session.expiresAt.getTime() > now.getTime());
}

/** Whether a session still lets its person in, their account not blocked: what a long-lived live stream re-checks. */
export async function isSessionOpen(db: Db, sessionId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ revokedAt: sessions.revokedAt, expiresAt: sessions.expiresAt, blockedAt: users.blockedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId));
  return row !== undefined && row.blockedAt === null && sessionIsOpen(row, now);
}
