import { ApiError, GENERIC_ERROR_MESSAGE } from '@yardly/shared/client';
import type { PayoutAccountAnswer } from '@yardly/shared/contract';
import { useEffect, useState } from 'react';
import { browserApi } from '../../lib/api';
import { logFailure } from '../../lib/log-failure';
import { showToast } from '../../stores/toast';

/** Stripe's requirement fields (`individual.dob.day`) in the seller's words, by their leading part. */
const REQUIREMENT_WORDS: [prefix: string, words: string][] = [
  ['individual.verification', 'an identity document'],
  ['individual.id_number', 'your Social Security number'],
  ['individual.ssn_last_4', 'your Social Security number'],
  ['individual.dob', 'your date of birth'],
  ['individual.address', 'your address'],
  ['individual.phone', 'your phone number'],
  ['individual.email', 'your email'],
  ['individual.first_name', 'your name'],
  ['individual.last_name', 'your name'],
  ['tos_acceptance', 'accepting Stripe’s terms'],
  ['external_account', 'your bank account'],
  ['business_profile', 'what you sell'],
];

/** What Stripe asks for, once each, in plain words (anything else as 'other details'). */
export function requirementWords(requirements: string[]): string[] {
  const words = requirements.map(
    (field) => REQUIREMENT_WORDS.find(([prefix]) => field.startsWith(prefix))?.[1] ?? 'other details',
  );
  return [...new Set(words)];
}

/**
 * Under the bank account: whether Stripe has verified the seller so their payouts can be sent,
 * and for a seller it needs something from, "Verify with Stripe" (its hosted onboarding page;
 * Stripe sends them back to `?onboarding=return`, where this reads the status again). Nothing
 * shows when there is nothing to verify (the built-in test provider).
 */
export function PayoutVerification({ bankAccountKey }: { bankAccountKey: string }) {
  const [answer, setAnswer] = useState<PayoutAccountAnswer>();
  const [opening, setOpening] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a changed bank account is another connected account
  useEffect(() => {
    browserApi.payouts
      .account()
      .then(setAnswer)
      .catch((cause: unknown) => logFailure('PayoutVerification: a call failed', cause));
    // Back from Stripe: the status just read is the news; the address goes back to the tab's.
    const url = new URL(window.location.href);
    if (url.searchParams.has('onboarding')) {
      url.searchParams.delete('onboarding');
      window.history.replaceState(window.history.state, '', url);
    }
  }, [bankAccountKey]);

  const verify = () => {
    setOpening(true);
    browserApi.payouts
      .onboarding()
      .then(({ url }) => window.location.assign(url))
      .catch((cause: unknown) => {
        logFailure('PayoutVerification: a call failed', cause);
        setOpening(false);
        showToast(cause instanceof ApiError ? cause.message : GENERIC_ERROR_MESSAGE, 'error');
      });
  };

  if (!answer || answer.status === 'not_needed' || answer.status === 'no_bank_account') return null;
  const needed = answer.status === 'action_required' ? requirementWords(answer.requirements) : [];
  return (
    <div className="payout-verification">
      <h3>Payouts</h3>
      <p className={`payout-verification__status payout-verification__status--${answer.status}`} role="status">
        {answer.message}
      </p>
      {needed.length > 0 && <p>Stripe asks for {needed.join(', ')}.</p>}
      {answer.status === 'action_required' && (
        <div className="settings-section__actions">
          <button type="button" className="button" onClick={verify} disabled={opening}>
            Verify with Stripe
          </button>
        </div>
      )}
    </div>
  );
}
