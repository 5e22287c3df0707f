import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { authMessages, CODE_MAX_ATTEMPTS, CODE_MAX_ATTEMPTS_ALL, CODE_TTL_MINUTES } from '@yardly/shared/rules';
import { and, desc, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import { addMs, type Clock } from '../../clock/clock';
import { sqlTime } from '../../clock/sql-time';
import type { Db } from '../../db/connect';
import { authCodes } from '../../db/schema/index';
import { AppError } from '../../errors';
import { rateLimits } from './rate-limits';

export type CodePurpose = (typeof authCodes.purpose.enumValues)[number];

export interface IssueCode {
  email: string;
  purpose: CodePurpose;
  userId?: number;
  payload?: Record<string, string>;
}

/**
 * The codes of one email and purpose fall in groups: a sign-up's codes are its ticket's
 * (payload.ticketHash, docs/decisions/0047), every other code is in the one group ''.
 * Only the newest code of a group works; groups do not replace each other's codes.
 */
const groupOf = (payload?: Record<string, string> | null) => payload?.ticketHash ?? '';
const inGroup = (group: string) => sql`coalesce(${authCodes.payload}->>'ticketHash', '') = ${group}`;

/**
 * Six-digit codes from a secure source, kept only as an HMAC (a database leak does not leak
 * codes), single use, dead after CODE_TTL_MINUTES or CODE_MAX_ATTEMPTS wrong tries. How many
 * may be asked for is the caller's budget (AuthService.sendCode), counted before one is issued.
 */
export function codeStore(db: Db, secret: Uint8Array, clock: Clock) {
  const limits = rateLimits(db, clock);
  const triesFrom = { max: CODE_MAX_ATTEMPTS, windowMinutes: CODE_TTL_MINUTES };
  const seal = (email: string, purpose: string, code: string) =>
    createHmac('sha256', secret).update(`${purpose}:${email}:${code}`).digest();

  return {
    /** A new code (the one that works from now on), with what waits for it. */
    async issue({ email, purpose, userId, payload }: IssueCode): Promise<string> {
      const address = email.toLowerCase();
      const now = clock.now();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await db.transaction(async (tx) => {
        // Only the newest code of a purpose (and group) works.
        await tx
          .update(authCodes)
          .set({ consumedAt: now })
          .where(
            and(
              eq(authCodes.email, address),
              eq(authCodes.purpose, purpose),
              isNull(authCodes.consumedAt),
              inGroup(groupOf(payload)),
            ),
          );
        await tx.insert(authCodes).values({
          email: address,
          purpose,
          userId,
          payload,
          codeHash: seal(address, purpose, code).toString('hex'),
          createdAt: now,
          expiresAt: addMs(now, CODE_TTL_MINUTES * 60_000),
        });
      });
      return code;
    },

    /** The payload of the newest open code of a purpose (what waits for it to be used), if any. */
    async pending(email: string, purpose: CodePurpose): Promise<Record<string, string> | undefined> {
      const [row] = await db
        .select({ payload: authCodes.payload })
        .from(authCodes)
        .where(
          and(
            eq(authCodes.email, email.toLowerCase()),
            eq(authCodes.purpose, purpose),
            isNull(authCodes.consumedAt),
            gt(authCodes.expiresAt, clock.now()),
          ),
        )
        .orderBy(desc(authCodes.createdAt))
        .limit(1);
      return row?.payload ?? undefined;
    },

    /**
     * The payloads of the newest codes of each group not used nor replaced, expired or not (a
     * sign-up whose code ran out still waits for a new one), newest first, `limit` at most.
     */
    async waiting(email: string, purpose: CodePurpose, limit = 5): Promise<Record<string, string>[]> {
      const rows = await db
        .select({ payload: authCodes.payload })
        .from(authCodes)
        .where(
          and(eq(authCodes.email, email.toLowerCase()), eq(authCodes.purpose, purpose), isNull(authCodes.consumedAt)),
        )
        .orderBy(desc(authCodes.createdAt))
        .limit(limit);
      return rows.flatMap((row) => (row.payload ? [row.payload] : []));
    },

    /**
     * Keeps the newest code of each group of a purpose, mailed `since` or later, good until
     * `until` at least, expired or not (issue 34): once an email's budget is spent, whoever spent
     * it, the owner still has the newest code mailed to them. Wrong tries stay counted
     * (CODE_MAX_ATTEMPTS_ALL in all), and a code is still single use.
     */
    async keepUntil(email: string, purpose: CodePurpose, since: Date, until: Date): Promise<void> {
      await db
        .update(authCodes)
        .set({ expiresAt: sql`greatest(${authCodes.expiresAt}, ${sqlTime(until)})` })
        .where(
          and(
            eq(authCodes.email, email.toLowerCase()),
            eq(authCodes.purpose, purpose),
            isNull(authCodes.consumedAt),
            gte(authCodes.createdAt, since),
          ),
        );
    },

    /** Ends every open code of a purpose (what waited for them is dropped with them). */
    async revoke(email: string, purpose: CodePurpose): Promise<void> {
      await db
        .update(authCodes)
        .set({ consumedAt: clock.now() })
        .where(
          and(eq(authCodes.email, email.toLowerCase()), eq(authCodes.purpose, purpose), isNull(authCodes.consumedAt)),
        );
    },

    /**
     * Use a code: its row when right; a 400 naming the field `code` otherwise (a wrong try counts).
     * With `group`, only that group's newest code is tried (a sign-up's ticket, 0047); without,
     * the newest of any. With `from` (the client's address), wrong tries are counted per address:
     * a stranger's guesses shut only the stranger out, and the owner's right code still works
     * until CODE_MAX_ATTEMPTS_ALL wrong tries in all (issue 34).
     */
    async consume(email: string, purpose: CodePurpose, code: string, options: { group?: string; from?: string } = {}) {
      const address = email.toLowerCase();
      const now = clock.now();
      const [row] = await db
        .select()
        .from(authCodes)
        .where(
          and(
            eq(authCodes.email, address),
            eq(authCodes.purpose, purpose),
            isNull(authCodes.consumedAt),
            options.group === undefined ? undefined : inGroup(options.group),
          ),
        )
        .orderBy(desc(authCodes.createdAt))
        .limit(1);
      if (!row || row.expiresAt.getTime() <= now.getTime()) throw AppError.badRequest(authMessages.codeExpired, 'code');
      const cap = options.from ? CODE_MAX_ATTEMPTS_ALL : CODE_MAX_ATTEMPTS;
      const fromKey = options.from ? `code-tries:${row.id}:${options.from.toLowerCase()}` : undefined;
      if (row.attempts >= cap || (fromKey && (await limits.lockedFor(fromKey))))
        throw AppError.badRequest(authMessages.codeTooManyTries, 'code');
      const expected = Buffer.from(row.codeHash, 'hex');
      if (!timingSafeEqual(expected, seal(address, purpose, code))) {
        // Counted outside any transaction: a failed request must still use up a try.
        const [after] = await db
          .update(authCodes)
          .set({ attempts: sql`${authCodes.attempts} + 1` })
          .where(eq(authCodes.id, row.id))
          .returning({ attempts: authCodes.attempts });
        let spent = (after?.attempts ?? cap) >= cap;
        if (fromKey) {
          await limits.fail(fromKey, triesFrom);
          spent ||= Boolean(await limits.lockedFor(fromKey));
        }
        throw AppError.badRequest(spent ? authMessages.codeTooManyTries : authMessages.codeWrong, 'code');
      }
      const [used] = await db
        .update(authCodes)
        .set({ consumedAt: now })
        .where(and(eq(authCodes.id, row.id), isNull(authCodes.consumedAt)))
        .returning();
      // Two requests raced with the same code: only one wins.
      if (!used) throw AppError.badRequest(authMessages.codeExpired, 'code');
      return used;
    },
  };
}

export type CodeStore = ReturnType<typeof codeStore>;
