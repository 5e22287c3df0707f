import type { Db } from '../../db/connect';
import { organisationPromotionsAccount, rewardsAccount } from './accounts';
import { postLedger } from './ledger';

/**
 * A B2B organisation's welcome credit to a newly verified member (issue 23): the organisation's
 * own promotions account pays the person's rewards account. Answers the ledger transaction's id.
 */
export function postWelcomeCredit(
  tx: Db,
  credit: { userId: number; amountCents: number; orgRefnum: string; memo: string },
  at: Date,
): Promise<number> {
  return postLedger(tx, { kind: 'welcome_credit', orderId: null, memo: credit.memo, at }, [
    { account: organisationPromotionsAccount(credit.orgRefnum), amountCents: -credit.amountCents },
    { account: rewardsAccount(credit.userId), amountCents: credit.amountCents },
  ]);
}
