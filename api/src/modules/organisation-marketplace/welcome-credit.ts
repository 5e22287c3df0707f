import { formatCents } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { organizations, welcomeCredits } from '../../db/schema/index';
import { postWelcomeCredit } from '../ledger/welcome-credit-postings';
import { notify } from '../notifications/notify';
import { marketplaceMembership } from './membership';

const MY_REWARDS = '/myrewards';

/** The line the member reads in their rewards' history (GET /svc/rewards, /myrewards). */
export function welcomeCreditMemo(organisationName: string): string {
  return `Welcome credit from ${organisationName}`;
}

/** What the member is told in-app (pushed and mailed by the notice delivery job). */
export function welcomeCreditNotice(organisationName: string, cents: number): string {
  return `Welcome to the ${organisationName} marketplace: you got a ${formatCents(cents)} welcome credit. Spend it on your next purchase.`;
}

/**
 * The welcome credit of a person who just became a verified member of a B2B organisation
 * (issue 23), in the transaction that made them one: once per person and organisation, when the
 * organisation gives one. The row claims it first (a second verification at the same time waits
 * on the unique index, then finds it taken and grants nothing); then the organisation's
 * promotions account pays the person's rewards account, and they are told. Answers the cents granted.
 */
export async function grantWelcomeCredit(tx: Db, userId: number, now: Date): Promise<number> {
  const membership = await marketplaceMembership(tx, userId);
  if (!membership) return 0;
  const [org] = await tx
    .select({ cents: organizations.welcomeCreditCents })
    .from(organizations)
    .where(eq(organizations.id, membership.organizationId));
  const cents = org?.cents ?? 0;
  if (cents <= 0) return 0;
  const [claimed] = await tx
    .insert(welcomeCredits)
    .values({ userId, organizationId: membership.organizationId, amountCents: cents, grantedAt: now })
    .onConflictDoNothing()
    .returning({ id: welcomeCredits.id });
  if (!claimed) return 0;
  const ledgerTransactionId = await postWelcomeCredit(
    tx,
    { userId, amountCents: cents, memo: welcomeCreditMemo(membership.name), orgRefnum: membership.orgRefnum },
    now,
  );
  await tx.update(welcomeCredits).set({ ledgerTransactionId }).where(eq(welcomeCredits.id, claimed.id));
  await notify(tx, [userId], welcomeCreditNotice(membership.name, cents), MY_REWARDS);
  return cents;
}
