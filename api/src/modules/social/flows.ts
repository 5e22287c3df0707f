import { createHash, randomBytes } from 'node:crypto';
import type { SocialReturnPath } from '@yardly/shared/contract';
import type { SocialProvider } from '@yardly/shared/rules';
import { and, eq, gt, isNotNull, isNull, lt } from 'drizzle-orm';
import { addMs, type Clock } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { oauthFlows, type PendingIdentity } from '../../db/schema/index';

/** A trip to the provider must come back within this. */
export const FLOW_TTL_MINUTES = 10;
/** The return page must trade its ticket within this. */
export const TICKET_TTL_MINUTES = 2;
/** A person proving an email (no vouched one from the provider) has this long: a code lives 10 minutes. */
export const PENDING_TICKET_TTL_MINUTES = 20;
/** Finished and abandoned flows are deleted after this. */
const FLOW_RETENTION_HOURS = 24;

export type FlowRow = typeof oauthFlows.$inferSelect;

/** 32 random bytes, base64url (43 characters: also a valid PKCE verifier). */
export const randomToken = () => randomBytes(32).toString('base64url');
export const digest = (value: string) => createHash('sha256').update(value).digest('hex');
const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** Social sign-in flows in the database, so any api process can finish what another began. */
export function oauthFlowStore(db: Db, clock: Clock) {
  const minutesFromNow = (minutes: number) => addMs(clock.now(), minutes * 60_000);
  return {
    /** A new flow: the values for the authorization request. */
    async start(input: { provider: SocialProvider; returnPath: SocialReturnPath; browser: string }) {
      const state = randomToken();
      const codeVerifier = randomToken();
      const nonce = randomToken();
      await db.insert(oauthFlows).values({
        provider: input.provider,
        stateHash: digest(state),
        browserHash: digest(input.browser),
        codeVerifier,
        nonce,
        returnPath: input.returnPath,
        createdAt: clock.now(),
        expiresAt: minutesFromNow(FLOW_TTL_MINUTES),
      });
      await db.delete(oauthFlows).where(lt(oauthFlows.createdAt, minutesFromNow(-FLOW_RETENTION_HOURS * 60)));
      return { state, nonce, codeChallenge: pkceChallenge(codeVerifier) };
    },

    /** Take the flow a callback's state names: once, within its time, for that provider only. */
    async consume(provider: string, state: string): Promise<FlowRow | undefined> {
      const [row] = await db
        .update(oauthFlows)
        .set({ consumedAt: clock.now() })
        .where(
          and(
            eq(oauthFlows.stateHash, digest(state)),
            eq(oauthFlows.provider, provider),
            isNull(oauthFlows.consumedAt),
            gt(oauthFlows.expiresAt, clock.now()),
          ),
        )
        .returning();
      return row;
    },

    /** The page a (dead or live) flow returns to, so even a refusal lands where the person began. */
    async returnPathOf(state: string): Promise<string | undefined> {
      const [row] = await db
        .select({ returnPath: oauthFlows.returnPath })
        .from(oauthFlows)
        .where(eq(oauthFlows.stateHash, digest(state)));
      return row?.returnPath;
    },

    /** The one-time ticket of a finished flow. */
    async issueTicket(flowId: number, userId: number, isNewUser: boolean): Promise<string> {
      const ticket = randomToken();
      await db
        .update(oauthFlows)
        .set({
          ticketHash: digest(ticket),
          ticketExpiresAt: minutesFromNow(TICKET_TTL_MINUTES),
          userId,
          isNewUser,
        })
        .where(eq(oauthFlows.id, flowId));
      return ticket;
    },

    /** The ticket of a flow whose identity waits for an email proved by code. */
    async issuePendingTicket(flowId: number, identity: PendingIdentity): Promise<string> {
      const ticket = randomToken();
      await db
        .update(oauthFlows)
        .set({
          ticketHash: digest(ticket),
          ticketExpiresAt: minutesFromNow(PENDING_TICKET_TTL_MINUTES),
          pendingIdentity: identity,
        })
        .where(eq(oauthFlows.id, flowId));
      return ticket;
    },

    /** The identity a live pending ticket holds (the ticket stays usable). */
    async pendingOf(ticket: string): Promise<{ flowId: number; identity: PendingIdentity } | undefined> {
      const [row] = await db
        .select({ flowId: oauthFlows.id, identity: oauthFlows.pendingIdentity })
        .from(oauthFlows)
        .where(
          and(
            eq(oauthFlows.ticketHash, digest(ticket)),
            isNull(oauthFlows.ticketUsedAt),
            gt(oauthFlows.ticketExpiresAt, clock.now()),
          ),
        );
      return row?.identity ? { flowId: row.flowId, identity: row.identity } : undefined;
    },

    /** Use up a pending ticket: true for the one request that does. */
    async closePending(flowId: number): Promise<boolean> {
      const used = await db
        .update(oauthFlows)
        .set({ ticketUsedAt: clock.now() })
        .where(and(eq(oauthFlows.id, flowId), isNull(oauthFlows.ticketUsedAt)))
        .returning({ id: oauthFlows.id });
      return used.length === 1;
    },

    /** Use a ticket: once, within its time. */
    async redeemTicket(ticket: string): Promise<{ userId: number; isNewUser: boolean } | undefined> {
      const [row] = await db
        .update(oauthFlows)
        .set({ ticketUsedAt: clock.now() })
        .where(
          and(
            eq(oauthFlows.ticketHash, digest(ticket)),
            isNotNull(oauthFlows.userId),
            isNull(oauthFlows.ticketUsedAt),
            gt(oauthFlows.ticketExpiresAt, clock.now()),
          ),
        )
        .returning({ userId: oauthFlows.userId, isNewUser: oauthFlows.isNewUser });
      return row?.userId ? { userId: row.userId, isNewUser: row.isNewUser } : undefined;
    },
  };
}

export type OAuthFlowStore = ReturnType<typeof oauthFlowStore>;
