import type { OrderReview } from '@yardly/shared/contract';
import { formatDate } from '@yardly/shared/rules';
import { lazy, Suspense, useEffect, useState } from 'react';
import { browserApi } from '../../lib/api';
import { logFailure } from '../../lib/log-failure';
import { RatingStars } from './RatingStars';

const ReviewDialog = lazy(() => import('./ReviewDialog').then((m) => ({ default: m.ReviewDialog })));

/**
 * On a completed order: "Leave a review" while the caller may, then their review and, once
 * published, the other side's. A failure to load leaves the order screen as it was (logged).
 */
export function OrderReviewPanel({ orderId }: { orderId: string }) {
  const [standing, setStanding] = useState<OrderReview | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    let live = true;
    browserApi.feedback
      .order({ orderId })
      .then((data) => live && setStanding(data))
      .catch((cause: unknown) => logFailure('Could not load the review of this order', cause));
    return () => {
      live = false;
    };
  }, [orderId]);

  if (!standing?.completedAt) return null;
  return (
    <section className="checkout-panel" aria-labelledby="order-review-title">
      <h2 id="order-review-title">Reviews</h2>
      {standing.mine ? (
        <p>
          You rated {standing.otherPartyName} <RatingStars rating={standing.mine.rating} />
          {standing.mine.publishedAt ? '' : ' (hidden until both of you have written)'}
        </p>
      ) : standing.canReview ? (
        <>
          <p>
            Review {standing.otherPartyName} by {standing.reviewBy ? formatDate(standing.reviewBy) : ''}. Neither of you
            sees the other’s review until both have written.
          </p>
          <button type="button" className="button" onClick={() => setOpen(true)}>
            Leave a review
          </button>
        </>
      ) : (
        <p>The time to review this order has passed.</p>
      )}
      {standing.theirs && (
        <p>
          {standing.otherPartyName} rated you <RatingStars rating={standing.theirs.rating} />:{' '}
          {standing.theirs.feedbackContent}
        </p>
      )}
      {open && (
        <Suspense fallback={null}>
          <ReviewDialog target={orderId} onClose={() => setOpen(false)} onSaved={setStanding} />
        </Suspense>
      )}
    </section>
  );
}
