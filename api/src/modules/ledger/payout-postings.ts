import type { Db } from '../../db/connect';
import { sellerAccount } from './accounts';
import { postLedger } from './ledger';

/** What the ledger needs of a payout. */
export interface PayoutMoney {
  id: number;
  sellerId: number;
  amountCents: number;
}

/** A payout sent: the seller's available money moves to paid out (before the provider is asked). */
export async function postPayoutSent(tx: Db, payout: PayoutMoney, at: Date): Promise<void> {
  await postLedger(tx, { kind: 'payout', orderId: null, memo: `Payout #${payout.id} to the bank`, at }, [
    { account: sellerAccount(payout.sellerId, 'available'), amountCents: -payout.amountCents },
    { account: sellerAccount(payout.sellerId, 'paid_out'), amountCents: payout.amountCents },
  ]);
}

/** A payout the bank refused: its money is the seller's available money again. */
export async function postPayoutReturned(tx: Db, payout: PayoutMoney, reason: string, at: Date): Promise<void> {
  await postLedger(tx, { kind: 'payout_failed', orderId: null, memo: `Payout #${payout.id} failed: ${reason}`, at }, [
    { account: sellerAccount(payout.sellerId, 'paid_out'), amountCents: -payout.amountCents },
    { account: sellerAccount(payout.sellerId, 'available'), amountCents: payout.amountCents },
  ]);
}
