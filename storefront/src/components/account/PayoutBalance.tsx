import type { PayoutEntry, SellerBalanceAnswer } from '@yardly/shared/contract';
import { formatCents, PAYOUT_HOLD_DAYS, payoutMessages } from '@yardly/shared/rules';
import { useEffect, useState } from 'react';
import { browserApi } from '../../lib/api';
import { logFailure } from '../../lib/log-failure';
import { itemPath } from '../../lib/routes';
import { showToast } from '../../stores/toast';
import { Spinner } from '../Spinner';

const PAGE_SIZE = 10;
const PART_LABELS: Record<PayoutEntry['part'], string> = {
  pending: 'Pending',
  available: 'Available',
  transferred: 'At your Stripe account',
  paid_out: 'Paid out',
};

function failed(cause: unknown) {
  logFailure('PayoutBalance: a call failed', cause);
  showToast('There was an error, please try again', 'error');
}

/** '+$17.00' reached this part of the balance, '−$17.00' left it. */
function signed(cents: number): string {
  return `${cents < 0 ? '−' : '+'}${formatCents(Math.abs(cents))}`;
}

/**
 * The seller's money on the bank account tab (issue 18): pending until delivery, available,
 * paid out, and the history of each movement. Without a bank account, a prompt to add one.
 */
export function PayoutBalance({ hasBankAccount }: { hasBankAccount: boolean }) {
  const [balance, setBalance] = useState<SellerBalanceAnswer>();
  const [entries, setEntries] = useState<PayoutEntry[]>([]);
  const [total, setTotal] = useState(0);
  const [loadingMore, setLoadingMore] = useState(false);

  useEffect(() => {
    Promise.all([browserApi.payouts.balance(), browserApi.payouts.entries({ page: 0, size: PAGE_SIZE })])
      .then(([money, page]) => {
        setBalance(money);
        setEntries(page.docs);
        setTotal(page.totalElements);
      })
      .catch(failed);
  }, []);

  const loadMore = () => {
    setLoadingMore(true);
    browserApi.payouts
      .entries({ page: Math.floor(entries.length / PAGE_SIZE), size: PAGE_SIZE })
      .then((page) => {
        setEntries((shown) => [...shown, ...page.docs]);
        setTotal(page.totalElements);
      })
      .catch(failed)
      .finally(() => setLoadingMore(false));
  };

  if (!balance) return <Spinner label="Loading your balance" />;
  return (
    <section className="settings-section" aria-labelledby="balance-title">
      <h2 id="balance-title">Your balance</h2>
      {!hasBankAccount && (
        <p className="payout-prompt" role="status">
          {payoutMessages.noBankAccount}.
        </p>
      )}
      <dl className="settings-facts">
        <dt>Pending</dt>
        <dd>{formatCents(balance.pending)} (until the buyer has the item)</dd>
        <dt>Available</dt>
        <dd>
          {formatCents(balance.available)} (paid to your bank {PAYOUT_HOLD_DAYS.ship} days after delivery; local sales
          within a day of the pickup code)
        </dd>
        <dt>Paid out</dt>
        <dd>{formatCents(balance.paidOut)}</dd>
      </dl>
      <h3>History</h3>
      {entries.length === 0 ? (
        <p>No sales yet: money from your sales shows here.</p>
      ) : (
        <ul className="payout-history">
          {entries.map((entry) => (
            <li key={entry.id} className="payout-history__entry">
              <span className="payout-history__what">
                {entry.label}
                {entry.listingTitle && entry.listingRefnum && (
                  <>
                    {' · '}
                    <a href={itemPath(entry.listingRefnum)}>{entry.listingTitle}</a>
                  </>
                )}
              </span>
              <span className="payout-history__when">
                <time dateTime={entry.date}>{new Date(entry.date).toLocaleDateString('en-US')}</time>
                {' · '}
                {PART_LABELS[entry.part]}
              </span>
              <span className="payout-history__amount">{signed(entry.amount)}</span>
            </li>
          ))}
        </ul>
      )}
      {entries.length < total && (
        <div className="settings-section__actions">
          <button type="button" className="button button--secondary" onClick={loadMore} disabled={loadingMore}>
            Show more
          </button>
        </div>
      )}
    </section>
  );
}
