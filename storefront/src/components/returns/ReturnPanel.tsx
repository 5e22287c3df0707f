import { ApiError, GENERIC_ERROR_MESSAGE } from '@yardly/shared/client';
import type { OrderSummary, ReturnDetail } from '@yardly/shared/contract';
import { useEffect, useState } from 'react';
import { browserApi } from '../../lib/api';
import { ReturnSummary } from './ReturnSummary';
import { returnOpened } from './return-view';
import '../../styles/returns.css';
import { logFailure } from '../../lib/log-failure';

/** On an order's page, its return once opened: where it is, and the seller's Accept / Dispute. */
export function ReturnPanel({ order }: { order: Pick<OrderSummary, 'orderId' | 'status'> }) {
  const [detail, setDetail] = useState<ReturnDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const opened = returnOpened(order);
  const { orderId } = order;

  useEffect(() => {
    if (!opened) return;
    browserApi.returns
      .ofListing({ orderId })
      .then(setDetail)
      .catch((cause) => {
        // An order an admin refunded from the console is returned without a return to show.
        if (cause instanceof ApiError && cause.status === 404) return;
        logFailure('Could not load the return', cause);
        setError(cause instanceof ApiError ? cause.message : GENERIC_ERROR_MESSAGE);
      });
  }, [opened, orderId]);

  if (error) return <p className="state-message state-message--error">{error}</p>;
  return detail ? <ReturnSummary detail={detail} onChanged={setDetail} /> : null;
}
