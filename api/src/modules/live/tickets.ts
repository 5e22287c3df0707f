import { createHash, randomBytes } from 'node:crypto';
import { LIVE_TICKET_SECONDS } from '@yardly/shared/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { addMs, type Clock } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { liveTickets } from '../../db/schema/index';

const digest = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** A ticket to open one live stream, for 60 seconds on the clock; only its hash is kept. */
export async function issueLiveTicket(db: Db, clock: Clock, userId: number) {
  const ticket = randomBytes(32).toString('base64url');
  const expiresAt = addMs(clock.now(), LIVE_TICKET_SECONDS * 1000);
  await db.insert(liveTickets).values({ tokenHash: digest(ticket), userId, expiresAt });
  return { ticket, expiresAt: expiresAt.toISOString() };
}

/** Uses a ticket up: its person, or null when it is unknown, used or expired (one statement, so only one use wins). */
export async function redeemLiveTicket(db: Db, clock: Clock, ticket: string): Promise<number | null> {
  const now = clock.now();
  const [row] = await db
    .update(liveTickets)
    .set({ usedAt: now })
    .where(and(eq(liveTickets.tokenHash, digest(ticket)), isNull(liveTickets.usedAt), gt(liveTickets.expiresAt, now)))
    .returning({ userId: liveTickets.userId });
  return row?.userId ?? null;
}
