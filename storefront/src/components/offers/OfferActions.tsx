import { ApiError, GENERIC_ERROR_MESSAGE } from '@yardly/shared/client';
import type { Offer } from '@yardly/shared/contract';
import { centsToDollarInput, offerMessages } from '@yardly/shared/rules';
import { useState } from 'react';
import { browserApi } from '../../lib/api';
import { logFailure } from '../../lib/log-failure';
import { showToast } from '../../stores/toast';
import { DollarField } from './DollarField';
import { type OfferAction, offerActionLabel, offerActionsFor, parseOfferInput } from './offer-view';

const DONE: Record<OfferAction, string> = {
  counter: offerMessages.countered,
  accept: offerMessages.accepted,
  decline: offerMessages.declined,
  withdraw: offerMessages.withdrawn,
};

function run(action: Exclude<OfferAction, 'counter'>, offerRefnum: string) {
  switch (action) {
    case 'accept':
      return browserApi.offers.accept({ offerRefnum });
    // The api's decline is also the sender's withdraw: who calls it decides which it is.
    case 'decline':
    case 'withdraw':
      return browserApi.offers.decline({ offerRefnum });
  }
}

interface OfferActionsProps {
  offer: Offer;
  viewerRefnum: string | undefined;
  /** After an answer the api took: the thread is read again. */
  onChanged: () => void;
}

/** The viewer's answers to one offer, as the offer process allows them; Counter asks for a price. */
export function OfferActions({ offer, viewerRefnum, onChanged }: OfferActionsProps) {
  const actions = offerActionsFor(offer, viewerRefnum);
  const [working, setWorking] = useState<OfferAction | null>(null);
  const [countering, setCountering] = useState(false);
  const [price, setPrice] = useState(centsToDollarInput(offer.offerPrice));
  const [inputError, setInputError] = useState<string | null>(null);

  if (actions.length === 0) return null;

  async function perform(action: OfferAction, request: () => Promise<unknown>) {
    setWorking(action);
    try {
      await request();
      showToast(DONE[action], 'success');
      setCountering(false);
      onChanged();
    } catch (cause) {
      logFailure(`Could not ${action} an offer`, cause);
      showToast(cause instanceof ApiError ? cause.message : GENERIC_ERROR_MESSAGE, 'error');
    } finally {
      setWorking(null);
    }
  }

  function submitCounter(event: React.FormEvent) {
    event.preventDefault();
    const parsed = parseOfferInput(price);
    if ('error' in parsed) {
      setInputError(parsed.error);
      return;
    }
    setInputError(null);
    void perform('counter', () =>
      browserApi.offers.counter({ offerRefnum: offer.offerRefnum, offerPrice: parsed.cents }),
    );
  }

  return (
    <div className="offer-actions">
      <div className="offer-actions__row">
        {actions.map((action) =>
          action === 'counter' ? (
            <button
              key={action}
              type="button"
              className="button button--small button--secondary"
              disabled={working !== null}
              aria-expanded={countering}
              onClick={() => setCountering((open) => !open)}
            >
              {offerActionLabel(action)}
            </button>
          ) : (
            <button
              key={action}
              type="button"
              className={action === 'accept' ? 'button button--small' : 'button button--small button--secondary'}
              disabled={working !== null}
              aria-busy={working === action || undefined}
              onClick={() => void perform(action, () => run(action, offer.offerRefnum))}
            >
              {working === action ? 'Working…' : offerActionLabel(action)}
            </button>
          ),
        )}
      </div>
      {countering && (
        <form className="offer-form" onSubmit={submitCounter} noValidate>
          <DollarField label="Your counter-offer ($)" value={price} error={inputError} onChange={setPrice} />
          <button type="submit" className="button button--small" disabled={working !== null}>
            {working === 'counter' ? 'Working…' : 'Send counter-offer'}
          </button>
        </form>
      )}
    </div>
  );
}
