import type { Db } from '../../db/connect';
import { sellerAccount } from './accounts';
import { postLedger } from './ledger';

/** What the ledger needs of a payout. */
export interface PayoutMoney {
  id: number;
  sellerId: number;
  amountCents: number;
}

/**
 * A payout started: the seller's available money leaves for their connected account at the
 * provider (`transferred`, docs/decisions/0046), before the provider is asked, so no second
 * payout can count on it.
 */
export async function postPayoutStarted(tx: Db, payout: PayoutMoney, at: Date): Promise<void> {
  await postLedger(tx, { kind: 'transfer', orderId: null, memo: `Payout #${payout.id} to your Stripe account`, at }, [
    { account: sellerAccount(payout.sellerId, 'available'), amountCents: -payout.amountCents },
    { account: sellerAccount(payout.sellerId, 'transferred'), amountCents: payout.amountCents },
  ]);
}

/** The provider refused the transfer (nothing moved): the money is the seller's available money again. */
export async function postTransferRefused(tx: Db, payout: PayoutMoney, reason: string, at: Date): Promise<void> {
  await postLedger(
    tx,
    { kind: 'transfer_refused', orderId: null, memo: `Payout #${payout.id} not sent: ${reason}`, at },
    [
      { account: sellerAccount(payout.sellerId, 'transferred'), amountCents: -payout.amountCents },
      { account: sellerAccount(payout.sellerId, 'available'), amountCents: payout.amountCents },
    ],
  );
}

/** A payout sent from the seller's connected account to their bank. */
export async function postPayoutSent(tx: Db, payout: PayoutMoney, at: Date): Promise<void> {
  await postLedger(tx, { kind: 'payout', orderId: null, memo: `Payout #${payout.id} to the bank`, at }, [
    { account: sellerAccount(payout.sellerId, 'transferred'), amountCents: -payout.amountCents },
    { account: sellerAccount(payout.sellerId, 'paid_out'), amountCents: payout.amountCents },
  ]);
}

/**
 * A payout the bank refused: its money is back in the seller's connected account at the
 * provider (as Stripe returns a failed payout to the account's balance), to be paid out again
 * from there, never transferred again.
 */
export async function postPayoutReturned(tx: Db, payout: PayoutMoney, reason: string, at: Date): Promise<void> {
  await postLedger(tx, { kind: 'payout_failed', orderId: null, memo: `Payout #${payout.id} failed: ${reason}`, at }, [
    { account: sellerAccount(payout.sellerId, 'paid_out'), amountCents: -payout.amountCents },
    { account: sellerAccount(payout.sellerId, 'transferred'), amountCents: payout.amountCents },
  ]);
}
