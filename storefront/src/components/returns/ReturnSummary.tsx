import type { ReturnDetail } from '@yardly/shared/contract';
import { formatCents, formatDate } from '@yardly/shared/rules';
import { browserApi } from '../../lib/api';
import { LabelPdfLink } from '../shipping/LabelPdfLink';
import { parcelStatusLabel } from '../shipping/shipping-view';
import { ReturnActions } from './ReturnActions';
import { returnNextStep } from './return-view';

/**
 * A return as its buyer or seller follows it: where it is and what comes next, what the buyer
 * wrote and showed, the prepaid label (the buyer opens its PDF) and the parcel's way back, the
 * refund once it arrived, and the seller's answers.
 */
export function ReturnSummary({ detail, onChanged }: { detail: ReturnDetail; onChanged: (d: ReturnDetail) => void }) {
  return (
    <section className="checkout-panel return-summary" aria-labelledby="return-summary-title">
      <h2 id="return-summary-title">Return</h2>
      <p>
        Status: <strong data-testid="return-status">{detail.statusLabel}</strong>
      </p>
      <p>{returnNextStep(detail)}</p>
      <dl className="order-facts">
        <dt>Reason</dt>
        <dd>{detail.reasonLabel}</dd>
        <dt>What is wrong</dt>
        <dd className="return-summary__text">{detail.text}</dd>
        <dt>Requested</dt>
        <dd>{formatDate(detail.createdAt)}</dd>
        {detail.status === 'requested' && (
          <>
            <dt>Seller answers by</dt>
            <dd>{formatDate(detail.replyBy)}</dd>
          </>
        )}
        {detail.refund !== null && (
          <>
            <dt>Refund</dt>
            <dd data-testid="return-refund">
              {formatCents(detail.refund)} (in 5-10 days; shipping fees are not refunded)
            </dd>
          </>
        )}
      </dl>
      {detail.photos.length > 0 && (
        <ul className="return-summary__photos" aria-label="Photos of the item">
          {detail.photos.map((photo) => (
            <li key={photo.picno}>
              <img
                src={`${photo.url}?w=160&h=160`}
                width={80}
                height={80}
                alt={`The item as the buyer showed it, ${photo.picno} of ${detail.photos.length}`}
              />
            </li>
          ))}
        </ul>
      )}
      {detail.label && (
        <>
          <h3>Return label</h3>
          <p>
            Tracking number: <strong data-testid="return-tracking-number">{detail.label.trackingNumber}</strong>
          </p>
          {detail.role === 'buyer' && detail.status === 'accepted' && (
            <LabelPdfLink
              labelUrl={detail.label.labelUrl}
              refresh={async () =>
                (await browserApi.returns.detail({ returnId: detail.returnId })).label?.labelUrl ?? ''
              }
            >
              Open the prepaid return label (PDF)
            </LabelPdfLink>
          )}
        </>
      )}
      {detail.tracking && (
        <>
          <p>
            Parcel: <strong data-testid="return-parcel-status">{parcelStatusLabel(detail.tracking.status)}</strong>
            {detail.tracking.expectedAt && <> · expected {formatDate(detail.tracking.expectedAt)}</>}
          </p>
          <ol className="tracking-timeline" aria-label="Return parcel timeline">
            {detail.tracking.events.map((event) => (
              <li key={`${event.status}-${event.at}`}>
                <time dateTime={event.at}>{formatDate(event.at)}</time> — {event.description}
              </li>
            ))}
          </ol>
        </>
      )}
      <ReturnActions detail={detail} onChanged={onChanged} />
    </section>
  );
}
