import { ApiError, GENERIC_ERROR_MESSAGE } from '@yardly/shared/client';
import { REPORT_REASONS, type ReportReason, reportMessages } from '@yardly/shared/rules';
import { type FormEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { browserApi } from '../../lib/api';
import { showToast } from '../../stores/toast';
import { Icon } from '../Icon';
import '../../styles/selling.css';
import { logFailure } from '../../lib/log-failure';

interface ReportDialogProps {
  listingRefnum: string;
  onClose: () => void;
  /** What is reported: 'item' for a sale listing, 'listing' for a rental. */
  noun?: 'item' | 'listing';
  /** Sends the report: the sale listings' call unless given (a rental's is its own). */
  send?: (report: { reason: ReportReason; details: string }) => Promise<unknown>;
}

/** 'Report an item': a reason and optional details, sent once (a second report is refused). */
export function ReportDialog({ listingRefnum, onClose, noun = 'item', send }: ReportDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  useLayoutEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => {
      if (element?.open) element.close();
    };
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason) {
      setError(reportMessages.chooseReason);
      return;
    }
    setSending(true);
    setError(null);
    try {
      if (send) await send({ reason, details });
      else await browserApi.reports.create({ listingRefnum, reason, details });
      showToast(reportMessages.sent, 'success');
      dialog.current?.close();
    } catch (cause) {
      logFailure('Could not send the report', cause);
      setError(cause instanceof ApiError ? cause.message : GENERIC_ERROR_MESSAGE);
      setSending(false);
    }
  }

  return (
    <dialog ref={dialog} className="auth-dialog" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId}>Report {noun === 'item' ? 'an item' : 'this listing'}</h2>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className="form-group">
          <legend>Why are you reporting this {noun}?</legend>
          {Object.entries(REPORT_REASONS).map(([code, label]) => (
            <label key={code} className="check">
              <input
                type="radio"
                name="reason"
                value={code}
                checked={reason === code}
                onChange={() => setReason(code as ReportReason)}
              />
              {label}
            </label>
          ))}
        </fieldset>
        <div className="form-field">
          <label htmlFor={`${titleId}-details`}>Details (optional)</label>
          <textarea
            id={`${titleId}-details`}
            rows={3}
            maxLength={1000}
            value={details}
            onChange={(e) => setDetails(e.target.value)}
          />
        </div>
        {error && (
          <p className="form-alert" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button button--block" disabled={sending}>
          {sending ? 'Sending…' : 'Send report'}
        </button>
      </form>
      <button type="button" className="auth-dialog__close" aria-label="Close" onClick={() => dialog.current?.close()}>
        <Icon name="close" size={20} />
      </button>
    </dialog>
  );
}
