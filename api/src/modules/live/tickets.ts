import { createHash, randomBytes } from 'node:crypto';
import { LIVE_TICKET_SECONDS } from '@yardly/shared/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { addMs, type Clock } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { liveTickets } from '../../db/schema/index';
import type { SessionOpen } from './live';

const digest = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** A ticket to open one live stream, for 60 seconds on the clock, for the caller's session; only its hash is kept. */
export async function issueLiveTicket(db: Db, clock: Clock, caller: { userId: number; sessionId: string }) {
  const ticket = randomBytes(32).toString('base64url');
  const expiresAt = addMs(clock.now(), LIVE_TICKET_SECONDS * 1000);
  await db
    .insert(liveTickets)
    .values({ tokenHash: digest(ticket), userId: caller.userId, sessionId: caller.sessionId, expiresAt });
  return { ticket, expiresAt: expiresAt.toISOString() };
}

/**
 * Uses a ticket up (one statement, so only one use wins): its person and session, or null when
 * it is unknown, used or expired, or its session has ended since (a log-out, a block).
 */
export async function redeemLiveTicket(
  db: Db,
  clock: Clock,
  sessionOpen: SessionOpen,
  ticket: string,
): Promise<{ userId: number; sessionId: string } | null> {
  const now = clock.now();
  const [row] = await db
    .update(liveTickets)
    .set({ usedAt: now })
    .where(and(eq(liveTickets.tokenHash, digest(ticket)), isNull(liveTickets.usedAt), gt(liveTickets.expiresAt, now)))
    .returning({ userId: liveTickets.userId, sessionId: liveTickets.sessionId });
  if (!row || !(await sessionOpen(db, row.sessionId, now))) return null;
  return row;
}
