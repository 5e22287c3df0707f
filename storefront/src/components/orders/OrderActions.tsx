import { ApiError, GENERIC_ERROR_MESSAGE } from '@yardly/shared/client';
import type { OrderDetail, OrderSummary } from '@yardly/shared/contract';
import { orderMessages, PICKUP_CODE_LENGTH } from '@yardly/shared/rules';
import { useState } from 'react';
import { browserApi } from '../../lib/api';
import { logFailure } from '../../lib/log-failure';
import { showToast } from '../../stores/toast';
import { ConfirmDialog } from '../account/ConfirmDialog';
import { TextField } from '../auth/fields';
import {
  CANCEL_ORDER_PROMPT,
  CONFIRM_DELIVERY_PROMPT,
  DELIVERY_CONFIRMED,
  type OrderAction,
  orderActionLabel,
  orderActionsFor,
  PICKUP_CONFIRMED,
} from './order-view';

interface OrderActionsProps {
  /** A dashboard's summary, or an order's detail (whose `actions` the api allows the caller now). */
  order: OrderSummary & { actions?: readonly string[] };
  /** After a change the api took: the order as it is now. */
  onChanged: (order: OrderDetail) => void;
}

/** The change a button asks to be confirmed first. */
type Asking = Extract<OrderAction, 'cancel' | 'confirmDelivery'>;

const PROMPTS: Record<Asking, string> = { cancel: CANCEL_ORDER_PROMPT, confirmDelivery: CONFIRM_DELIVERY_PROMPT };

/**
 * A party's buttons on an order, as the order process allows them: the seller's Cancel order
 * (asked first; the buyer is refunded in full) and, at a local handoff, the buyer's pickup code;
 * the buyer's Confirm delivery once a shipped item arrived (asked first: the seller is paid).
 */
export function OrderActions({ order, onChanged }: OrderActionsProps) {
  const actions = orderActionsFor(order);
  const [working, setWorking] = useState<OrderAction | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>(undefined);

  if (actions.length === 0) return null;
  const title = order.listing.listingTitle;

  async function change(action: Asking) {
    setWorking(action);
    try {
      const body = { orderId: order.orderId };
      const changed =
        action === 'cancel' ? await browserApi.orders.cancel(body) : await browserApi.orders.confirmDelivery(body);
      showToast(action === 'cancel' ? orderMessages.cancelled : DELIVERY_CONFIRMED, 'success');
      onChanged(changed);
    } catch (cause) {
      logFailure(`Could not ${action} an order`, cause);
      showToast(cause instanceof ApiError ? cause.message : GENERIC_ERROR_MESSAGE, 'error');
    } finally {
      setWorking(null);
      setAsking(null);
    }
  }

  async function confirmPickup(event: React.FormEvent) {
    event.preventDefault();
    if (!new RegExp(`^\\d{${PICKUP_CODE_LENGTH}}$`).test(code)) {
      setCodeError('Enter the 6-digit pickup code');
      return;
    }
    setWorking('confirmPickup');
    try {
      const changed = await browserApi.orders.confirmPickup({ orderId: order.orderId, code });
      showToast(PICKUP_CONFIRMED, 'success');
      onChanged(changed);
    } catch (cause) {
      // A wrong code (4xx) is an answer shown beside the field; a failure is logged.
      if (!(cause instanceof ApiError && cause.status >= 400 && cause.status < 500))
        logFailure('Could not confirm a pickup', cause);
      setCodeError(cause instanceof ApiError ? cause.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setWorking(null);
    }
  }

  return (
    <div className="order-card__actions">
      {actions.includes('confirmPickup') && (
        <form onSubmit={(event) => void confirmPickup(event)} noValidate aria-label={`Pickup code for ${title}`}>
          <TextField
            label="Buyer's pickup code"
            inputMode="numeric"
            maxLength={PICKUP_CODE_LENGTH}
            autoComplete="off"
            field={{
              name: 'code',
              value: code,
              error: codeError,
              onChange: (typed) => {
                setCode(typed.replace(/\D/g, ''));
                setCodeError(undefined);
              },
              onBlur: () => undefined,
            }}
          />
          <button
            type="submit"
            className="button button--small"
            disabled={working !== null}
            aria-busy={working === 'confirmPickup' || undefined}
          >
            {working === 'confirmPickup' ? 'Working…' : orderActionLabel('confirmPickup')}
          </button>
        </form>
      )}
      {actions.includes('confirmDelivery') && (
        <button
          type="button"
          className="button button--small"
          disabled={working !== null}
          aria-label={`${orderActionLabel('confirmDelivery')}: ${title}`}
          onClick={() => setAsking('confirmDelivery')}
        >
          {orderActionLabel('confirmDelivery')}
        </button>
      )}
      {actions.includes('cancel') && (
        <button
          type="button"
          className="button button--small button--secondary"
          disabled={working !== null}
          aria-label={`${orderActionLabel('cancel')}: ${title}`}
          onClick={() => setAsking('cancel')}
        >
          {orderActionLabel('cancel')}
        </button>
      )}
      {asking && (
        <ConfirmDialog
          message={PROMPTS[asking]}
          pending={working === asking}
          onYes={() => void change(asking)}
          onNo={() => setAsking(null)}
        />
      )}
    </div>
  );
}
