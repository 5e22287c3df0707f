import { ApiError, GENERIC_ERROR_MESSAGE } from '@yardly/shared/client';
import type { ShippingLabel } from '@yardly/shared/contract';
import { useEffect, useState } from 'react';
import { browserApi } from '../../lib/api';
import { logFailure } from '../../lib/log-failure';
import { LabelPdfLink } from './LabelPdfLink';

/** The seller's "Open the label (PDF)" of a shipped order (its label read again, signed for them). */
export function SellersLabelLink({ orderId }: { orderId: string }) {
  const [label, setLabel] = useState<ShippingLabel | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    browserApi.shipping
      .label({ orderId })
      .then(setLabel)
      .catch((cause) => {
        logFailure('Could not read the label', cause);
        setError(cause instanceof ApiError ? cause.message : GENERIC_ERROR_MESSAGE);
      });
  }, [orderId]);
  if (error) return <p className="state-message state-message--error">{error}</p>;
  if (!label) return null;
  return (
    <p>
      <LabelPdfLink
        className="button button--small button--secondary"
        labelUrl={label.labelUrl}
        refresh={async () => (await browserApi.shipping.label({ orderId })).labelUrl}
      >
        Open the label (PDF)
      </LabelPdfLink>
    </p>
  );
}
