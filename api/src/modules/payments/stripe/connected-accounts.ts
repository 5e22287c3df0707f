import { createHmac } from 'node:crypto';
import { individualMessages, payoutAccountMessages } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Clock } from '../../../clock/clock';
import type { Db } from '../../../db/connect';
import { stripeConnectedAccounts } from '../../../db/schema/index';
import { AppError } from '../../../errors';
import type { OnboardingLinkInput, PayoutBankAccount, PayoutIndividual, ProviderPayoutAccount } from '../provider';

export interface ConnectedAccountDeps {
  stripe: Stripe;
  db: Db;
  clock: Clock;
  /** Keys the bank account's fingerprint, so the table names an account without holding its number. */
  secret: Uint8Array;
}

type AccountRow = typeof stripeConnectedAccounts.$inferSelect;

/** A connected account's payouts are sent by Yardly only, never on Stripe's schedule. */
const MANUAL_PAYOUTS = { payouts: { schedule: { interval: 'manual' as const } } };

/** The individual as Stripe's custom account takes it. */
const individualParams = (individual: PayoutIndividual) => ({
  dob: individual.dob,
  ssn_last_4: individual.ssnLast4,
});

/** Stripe refused the individual's details: the field of the form it names, with the form's own message. */
function refusedIndividual(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) return error;
  const field = error.param?.startsWith('individual[dob]')
    ? { name: 'dob', message: individualMessages.dobInvalid }
    : error.param?.startsWith('individual[ssn_last_4]')
      ? { name: 'idNumber', message: individualMessages.idNumberInvalid }
      : null;
  return field ? Object.assign(AppError.badRequest(field.message, field.name), { cause: error }) : error;
}

/**
 * A seller's bank account is the external account of a Custom connected account of ours, made
 * once per seller and bank account (docs/decisions/0025), by the first payout or the seller's
 * onboarding, whichever comes first: the account is verified as that seller, so no one else
 * naming the same bank account reaches it. Stripe sends payouts from it only once the seller is verified: its status is stored
 * beside it, from what Stripe answered when it was made, its `account.updated` events, and a
 * read when nothing is stored (an onboarding link forgets it: the seller is about to change it).
 */
export function connectedAccounts(deps: ConnectedAccountDeps) {
  const { stripe, db, clock } = deps;

  const fingerprintOf = ({ owner, routingNumber, accountNumber }: PayoutBankAccount) =>
    createHmac('sha256', deps.secret).update(`${owner}:${routingNumber}:${accountNumber}`).digest('hex');

  async function rowOf(bankAccount: PayoutBankAccount): Promise<AccountRow | undefined> {
    const [row] = await db
      .select()
      .from(stripeConnectedAccounts)
      .where(eq(stripeConnectedAccounts.bankFingerprint, fingerprintOf(bankAccount)));
    return row;
  }

  /** The connected account paying out to this bank account, made now if it does not exist. */
  async function accountFor(bankAccount: PayoutBankAccount): Promise<string> {
    const known = await rowOf(bankAccount);
    if (known) return known.accountId;
    const fingerprint = fingerprintOf(bankAccount);
    // Two first payouts (or a payout and an onboarding) at once make one account: Stripe answers
    // the same key with the same account (the parameters are the same: the seller and the bank).
    const account = await stripe.accounts.create(
      {
        type: 'custom',
        country: 'US',
        business_type: 'individual',
        // Who the seller is, when they said so on /settings/bank-account: Stripe verifies them with it.
        ...(bankAccount.individual && { individual: individualParams(bankAccount.individual) }),
        capabilities: { transfers: { requested: true } },
        external_account: {
          object: 'bank_account',
          country: 'US',
          currency: 'usd',
          routing_number: bankAccount.routingNumber,
          account_number: bankAccount.accountNumber,
          account_holder_name: bankAccount.holderName,
          account_holder_type: 'individual',
        },
        metadata: { seller: bankAccount.owner },
        // Yardly sends each payout itself: Stripe's default daily automatic payouts would race it
        // with payouts whose ids Yardly never stored.
        settings: MANUAL_PAYOUTS,
      },
      { idempotencyKey: `connected-account-${fingerprint}` },
    );
    const status = statusOf(account);
    await db
      .insert(stripeConnectedAccounts)
      .values({
        bankFingerprint: fingerprint,
        accountId: account.id,
        createdAt: clock.now(),
        payoutsStatus: status.status,
        requirements: status.requirements,
        statusAt: clock.now(),
      })
      .onConflictDoNothing();
    return account.id;
  }

  async function store(tx: Db, accountId: string, status: ProviderPayoutAccount): Promise<void> {
    await tx
      .update(stripeConnectedAccounts)
      .set({ payoutsStatus: status.status, requirements: status.requirements, statusAt: clock.now() })
      .where(eq(stripeConnectedAccounts.accountId, accountId));
  }

  async function read(accountId: string): Promise<ProviderPayoutAccount> {
    return statusOf(await stripe.accounts.retrieve(accountId));
  }

  return {
    accountFor,

    async status(bankAccount: PayoutBankAccount): Promise<ProviderPayoutAccount> {
      const row = await rowOf(bankAccount);
      // No account yet: Stripe has not been asked, and will want the seller verified.
      if (!row) return { status: 'action_required', requirements: [] };
      if (row.payoutsStatus) {
        return { status: row.payoutsStatus as ProviderPayoutAccount['status'], requirements: row.requirements ?? [] };
      }
      const status = await read(row.accountId);
      await store(db, row.accountId, status);
      return status;
    },

    async onboardingLink(input: OnboardingLinkInput): Promise<string> {
      const accountId = await accountFor(input.bankAccount).catch((error: unknown) => {
        // Stripe would not take the bank account as the account's external account: the seller's to correct.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          throw Object.assign(
            new AppError(409, payoutAccountMessages.bankAccountRefused, { reason: 'bank_account_refused' }),
            { cause: error },
          );
        }
        throw error;
      });
      const link = await stripe.accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        return_url: input.returnUrl,
        refresh_url: input.refreshUrl,
      });
      // The seller is about to change what Stripe knows: the next read asks Stripe again.
      await db
        .update(stripeConnectedAccounts)
        .set({ payoutsStatus: null, statusAt: clock.now() })
        .where(eq(stripeConnectedAccounts.accountId, accountId));
      return link.url;
    },

    async individualChanged(bankAccount: PayoutBankAccount): Promise<void> {
      const row = await rowOf(bankAccount);
      if (!row || !bankAccount.individual) return;
      await stripe.accounts
        .update(row.accountId, { individual: individualParams(bankAccount.individual) })
        .catch((error: unknown) => {
          throw refusedIndividual(error);
        });
      // Stripe checks what it was given: the next read asks it again.
      await db
        .update(stripeConnectedAccounts)
        .set({ payoutsStatus: null, statusAt: clock.now() })
        .where(eq(stripeConnectedAccounts.accountId, row.accountId));
    },

    async changed(tx: Db, accountId: string): Promise<void> {
      const [row] = await tx
        .select({ accountId: stripeConnectedAccounts.accountId })
        .from(stripeConnectedAccounts)
        .where(eq(stripeConnectedAccounts.accountId, accountId));
      if (!row) return;
      // The event may be stale or out of order: what counts is the account as Stripe has it now.
      const account = await stripe.accounts.retrieve(accountId);
      // An account made before payouts were manual is switched now (Stripe pays nothing by itself).
      if (account.settings?.payouts?.schedule?.interval !== 'manual') {
        await stripe.accounts.update(
          accountId,
          { settings: MANUAL_PAYOUTS },
          { idempotencyKey: `manual-payouts-${accountId}` },
        );
      }
      await store(tx, accountId, statusOf(account));
    },
  };
}

/**
 * Stripe's account as the seller's payouts see it: payouts enabled → verified; something due
 * now (or overdue) → the seller must act; otherwise Stripe is checking what it was given.
 */
export function statusOf(account: Stripe.Account): ProviderPayoutAccount {
  const requirements = [...(account.requirements?.currently_due ?? [])];
  if (account.payouts_enabled) return { status: 'verified', requirements };
  const overdue = account.requirements?.past_due ?? [];
  if (requirements.length > 0 || overdue.length > 0) return { status: 'action_required', requirements };
  return { status: 'pending', requirements };
}
