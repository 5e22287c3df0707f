import type { BankAccount, RewardsSummary } from '@yardly/shared/contract';
import { formatCents, formatDate } from '@yardly/shared/rules';
import { useEffect, useState } from 'react';
import { requireCompleteAccount } from '../../lib/access-gates';
import { browserApi } from '../../lib/api';
import { stayLoading, useLoaded } from '../../lib/use-loaded';
import { openAchPopup } from '../../stores/ach-popup';
import type { Session } from '../../stores/session';
import { Breadcrumbs } from '../Breadcrumbs';
import { Pagination } from '../Pagination';
import { Spinner } from '../Spinner';
import { AchPopup } from './AchPopup';
import { InviteForm } from './InviteForm';
import { ReferralPopup } from './ReferralPopup';
import { asksForReferralPopup } from './ReferralPopupLauncher';
import { REFERRAL_STATUS_LABELS, REWARD_WORD, signedCents } from './rewards-view';
import '../../styles/rewards.css';
import { logFailure } from '../../lib/log-failure';

/** History lines a page. */
export const HISTORY_PAGE_SIZE = 10;

/** The one-based history page in the address (`/myrewards?page=2`). */
function pageInAddress(): number {
  const page = Number(new URLSearchParams(window.location.search).get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

function pageHref(page: number): string {
  return page > 1 ? `?page=${page}` : window.location.pathname;
}

/**
 * My Rewards (issue 22, signed in; a progressive account that is not profession-verified is
 * sent home): the balance, what is held and earned, the history by page, the friends and the
 * invite, the referral popup, and the cash-out (the ACH popup). The reward card greets a new
 * reward on any page (components/header/header-rewards.ts), this one too.
 */
export function MyRewardsPage() {
  const [session, setSession] = useState<Session | null>(null);
  const [page, setPage] = useState(1);
  const [popup, setPopup] = useState(false);
  const [bankAccount, setBankAccount] = useState<BankAccount | null>(null);
  const [cashOutProblem, setCashOutProblem] = useState<string | null>(null);

  useEffect(() => {
    setPage(pageInAddress());
    setPopup(asksForReferralPopup(window.location.search));
    void requireCompleteAccount().then(setSession);
    const back = () => setPage(pageInAddress());
    window.addEventListener('popstate', back);
    return () => window.removeEventListener('popstate', back);
  }, []);

  // Another page, or a change (an invite sent, a cash-out): what shows stays until the answer.
  const load = useLoaded<RewardsSummary>(
    () => (session ? browserApi.rewards.rewards({ page: page - 1, size: HISTORY_PAGE_SIZE }) : stayLoading()),
    [session, page],
    { failure: 'Could not load your rewards', quietly: true },
  );
  const refresh = () => load.reload({ quietly: true });

  if (!session) return <Spinner label="Loading your rewards" />;

  /** Cash out: the popup knows first whether a bank account is on file (hideBankAccountInfo). */
  async function startCashOut() {
    setCashOutProblem(null);
    try {
      const account = await browserApi.account.bankAccount();
      setBankAccount(account);
      openAchPopup(account !== null);
    } catch (cause) {
      logFailure('Could not read the bank account', cause);
      setCashOutProblem('We could not reach your bank details. Please try again.');
    }
  }

  return (
    <div className="container rewards-page">
      <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, { label: 'My Rewards' }]} />
      <div className="rewards-page__top">
        <h1>My Rewards</h1>
        <button type="button" className="button" onClick={() => setPopup(true)}>
          Refer a friend
        </button>
      </div>
      <p className="rewards-page__lead">
        Give {REWARD_WORD}, get {REWARD_WORD}: when a friend you invite posts their first listing, you each get{' '}
        {REWARD_WORD}. Rewards never expire.
      </p>
      {load.state === 'loading' && <Spinner label="Loading your rewards" />}
      {load.state === 'failed' && (
        <p className="state-message state-message--error">We could not load your rewards. Please try again.</p>
      )}
      {load.state === 'ready' && (
        <>
          <Totals summary={load.data} />
          {load.data.balance > 0 && (
            <div className="rewards-page__cash-out">
              <button type="button" className="button button--secondary" onClick={() => void startCashOut()}>
                Cash out
              </button>
              {cashOutProblem && (
                <p className="field-error" role="alert">
                  {cashOutProblem}
                </p>
              )}
            </div>
          )}
          <AchPopup balance={load.data.balance} bankAccount={bankAccount} onCashedOut={() => void refresh()} />
          <div className="rewards-page__columns">
            <section className="rewards-panel" aria-labelledby="rewards-history">
              <h2 id="rewards-history">History</h2>
              <History summary={load.data} />
              <Pagination
                page={page}
                totalPages={Math.ceil(load.data.entries.totalElements / HISTORY_PAGE_SIZE)}
                hrefFor={pageHref}
                onChange={(next) => {
                  window.history.pushState(null, '', pageHref(next));
                  setPage(next);
                }}
              />
            </section>
            <section className="rewards-panel" aria-labelledby="rewards-friends">
              <h2 id="rewards-friends">Your friends</h2>
              <Friends summary={load.data} />
              <InviteForm onSent={() => void refresh()} />
            </section>
          </div>
        </>
      )}
      {popup && <ReferralPopup person={session} onClose={() => setPopup(false)} onInviteSent={() => void refresh()} />}
    </div>
  );
}

/** Stable keys for rows that may repeat (two friends both 'Bo K.'): the row's own key, then its repeat count. */
function withKeys<T>(rows: readonly T[], keyOf: (row: T) => string): [string, T][] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const base = keyOf(row);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return [`${base}#${n}`, row];
  });
}

function Totals({ summary }: { summary: RewardsSummary }) {
  const totals = [
    { label: 'Balance', value: summary.balance, note: 'Ready to spend' },
    { label: 'Pending', value: summary.pending, note: 'Held 72 hours after a first listing, or for review' },
    { label: 'Lifetime', value: summary.lifetime, note: 'Everything you earned' },
  ];
  return (
    <dl className="rewards-totals">
      {totals.map((t) => (
        <div key={t.label} className="rewards-totals__item">
          <dt>{t.label}</dt>
          <dd>
            <span className="rewards-totals__value">{formatCents(t.value)}</span>
            <span className="rewards-totals__note">{t.note}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function History({ summary }: { summary: RewardsSummary }) {
  if (summary.entries.content.length === 0) {
    return <p className="state-message">No rewards yet. Invite a friend to earn your first.</p>;
  }
  return (
    <ul className="rewards-history">
      {withKeys(summary.entries.content, (e) => `${e.at}${e.amount}`).map(([key, entry]) => (
        <li key={key}>
          <span className="rewards-history__what">
            <span>{entry.description}</span>
            <time dateTime={entry.at}>{formatDate(entry.at)}</time>
          </span>
          <span className={entry.amount < 0 ? 'rewards-history__amount is-negative' : 'rewards-history__amount'}>
            {signedCents(entry.amount)}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Friends({ summary }: { summary: RewardsSummary }) {
  if (summary.referrals.length === 0) return <p className="state-message">You have not invited anyone yet.</p>;
  return (
    <ul className="rewards-friends">
      {withKeys(summary.referrals, (f) => f.friendName).map(([key, friend]) => (
        <li key={key}>
          <span className="rewards-friends__name">{friend.friendName}</span>
          <span className={`rewards-friends__status is-${friend.status}`}>{REFERRAL_STATUS_LABELS[friend.status]}</span>
        </li>
      ))}
    </ul>
  );
}
