import { useStore } from '@nanostores/react';
import { ApiError, GENERIC_ERROR_MESSAGE } from '@yardly/shared/client';
import type { BankAccount, CashOutResult } from '@yardly/shared/contract';
import { BANK_ACCOUNT_PATH, formatCents, GIFT_CARD_TEXT, walletMessages } from '@yardly/shared/rules';
import { useState } from 'react';
import { browserApi } from '../../lib/api';
import { logFailure } from '../../lib/log-failure';
import { $achPopup, closeAchPopup, showGiftCardText } from '../../stores/ach-popup';
import { Modal } from '../account/Modal';

interface AchPopupProps {
  /** The rewards balance to cash out, in cents. */
  balance: number;
  /** The bank account on file (masked), or null: the bank part is hidden. */
  bankAccount: BankAccount | null;
  /** The balance left (0) after a cash-out: the page reads its rewards again. */
  onCashedOut: (result: CashOutResult) => void;
}

/** The ACH popup: the rewards balance to the bank account on file, or a link to add one; the gift-card alternative. */
export function AchPopup({ balance, bankAccount, onCashedOut }: AchPopupProps) {
  const popup = useStore($achPopup);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<CashOutResult | null>(null);
  if (!popup.open) return null;

  async function cashOut() {
    setSending(true);
    setProblem(null);
    try {
      const result = await browserApi.rewards.cashOut();
      setSent(result);
      onCashedOut(result);
    } catch (cause) {
      logFailure('Could not cash out the rewards', cause);
      setProblem(cause instanceof ApiError ? cause.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal title="Cash out your rewards" onRequestClose={closeAchPopup} className="ach-popup">
      {sent ? (
        <p role="status">
          {formatCents(sent.cashedOut)} is on its way to your bank account {sent.accountNumberMasked}. It arrives in 5
          to 10 days.
        </p>
      ) : (
        <>
          <p className="ach-popup__balance">
            Your balance: <strong>{formatCents(balance)}</strong>
          </p>
          {!popup.hideBankAccountInfo && bankAccount && (
            <>
              <dl className="ach-popup__account">
                <dt>To</dt>
                <dd>{bankAccount.accountHolder}</dd>
                <dt>Account</dt>
                <dd>{bankAccount.accountNumberMasked}</dd>
              </dl>
              <button
                type="button"
                className="button button--block"
                disabled={sending || balance <= 0}
                aria-busy={sending || undefined}
                onClick={() => void cashOut()}
              >
                {sending ? 'Sending…' : `Transfer ${formatCents(balance)} to my bank`}
              </button>
            </>
          )}
          {popup.hideBankAccountInfo && (
            <p>
              {walletMessages.noBankAccount}: <a href={BANK_ACCOUNT_PATH}>add a bank account</a>.
            </p>
          )}
          {problem && (
            <p className="field-error" role="alert">
              {problem}
            </p>
          )}
        </>
      )}
      {popup.showGiftCardText ? (
        <p className="ach-popup__gift-card">
          {GIFT_CARD_TEXT} <a href="/faq/rewards">Read the Rewards FAQ</a>.
        </p>
      ) : (
        <button type="button" className="link-button" onClick={showGiftCardText}>
          Prefer a gift card?
        </button>
      )}
    </Modal>
  );
}
