import { leaveReviewBodySchema, type OrderReview, type WrittenReview } from '@yardly/shared/contract';
import { formatDate, leaveReviewMessages, REVIEW_TEXT_MAX } from '@yardly/shared/rules';
import { type FormEvent, useId, useState } from 'react';
import { browserApi } from '../../lib/api';
import { useLoaded } from '../../lib/use-loaded';
import { showToast } from '../../stores/toast';
import { Modal } from '../account/Modal';
import { Spinner } from '../Spinner';
import { RatingInput } from './RatingInput';
import { RatingStars } from './RatingStars';
import { reviewQuery } from './review-target';
import '../../styles/reviews.css';
import { failureMessage, logFailure } from '../../lib/log-failure';

interface ReviewDialogProps {
  /** An order's id, or a listing's refnum (the caller's order of it): the leavefeedback value. */
  target: string;
  onClose: () => void;
  /** Told when the caller's review is saved (an order screen refreshes its panel). */
  onSaved?: (standing: OrderReview) => void;
}

/** A written review: stars, words, and whether it is public yet. */
function ReviewShown({
  review,
  heading,
  hiddenUntil,
}: {
  review: WrittenReview;
  heading: string;
  hiddenUntil?: string;
}) {
  return (
    <section className="review-shown">
      <h3>{heading}</h3>
      <RatingStars rating={review.rating} />
      <p>{review.feedbackContent}</p>
      <p className="review-shown__when">
        {review.publishedAt
          ? `Published ${formatDate(review.publishedAt)}`
          : `Hidden until both of you have written, or until ${hiddenUntil ?? 'the review window closes'}`}
      </p>
    </section>
  );
}

/**
 * The 'review message' dialog (spec section 2): half-star rating and up to 500 characters,
 * sent once. Double-blind: the other side's review shows here only once both are published.
 */
export function ReviewDialog({ target, onClose, onSaved }: ReviewDialogProps) {
  const id = useId();
  const [rating, setRating] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ rating?: string; feedbackContent?: string; form?: string }>({});
  const [sending, setSending] = useState(false);

  const load = useLoaded(() => browserApi.feedback.order(reviewQuery(target)), [target], {
    failure: 'Could not load the review of this order',
  });

  async function submit(event: FormEvent, standing: OrderReview) {
    event.preventDefault();
    const parsed = leaveReviewBodySchema.safeParse({ orderId: standing.orderId, rating, feedbackContent: text });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field =
          issue.path[0] === 'rating' ? 'rating' : issue.path[0] === 'feedbackContent' ? 'feedbackContent' : 'form';
        found[field] ??= rating === null && field === 'rating' ? leaveReviewMessages.rating : issue.message;
      }
      setErrors(found);
      return;
    }
    setSending(true);
    setErrors({});
    try {
      const mine = await browserApi.feedback.leave(parsed.data);
      showToast(leaveReviewMessages.sent, 'success');
      // Read again: when this was the second review, the other side's is published now.
      const saved = await browserApi.feedback
        .order({ orderId: standing.orderId })
        .catch((cause: unknown): OrderReview => {
          logFailure('Could not reload the review of this order', cause);
          return { ...standing, canReview: false, mine };
        });
      load.set(saved);
      onSaved?.(saved);
    } catch (cause) {
      logFailure('Could not save the review', cause);
      setErrors({ form: failureMessage(cause) });
    } finally {
      setSending(false);
    }
  }

  const standing = load.data ?? null;
  const title = standing ? `Review ${standing.otherPartyName}` : 'Leave a review';
  return (
    <Modal title={title} onRequestClose={onClose} className="review-dialog">
      {load.state === 'loading' && <Spinner label="Loading the review" />}
      {load.state === 'failed' && (
        <p className="form-alert" role="alert">
          {failureMessage(load.error)}
        </p>
      )}
      {standing && (
        <>
          <p className="review-dialog__item">
            {standing.role === 'buying' ? 'You bought' : 'You sold'} “{standing.listingTitle}”
          </p>
          {standing.canReview ? (
            <form onSubmit={(event) => void submit(event, standing)} noValidate>
              <RatingInput value={rating} onChange={setRating} error={errors.rating} />
              <div className="form-field">
                <label htmlFor={`${id}-text`}>Your review</label>
                <textarea
                  id={`${id}-text`}
                  rows={4}
                  maxLength={REVIEW_TEXT_MAX}
                  value={text}
                  aria-describedby={`${id}-count${errors.feedbackContent ? ` ${id}-text-error` : ''}`}
                  aria-invalid={errors.feedbackContent ? true : undefined}
                  onChange={(e) => setText(e.target.value)}
                />
                <p id={`${id}-count`} className="review-dialog__count">
                  {text.length} / {REVIEW_TEXT_MAX} characters
                </p>
                {errors.feedbackContent && (
                  <p id={`${id}-text-error`} className="field-error" role="alert">
                    {errors.feedbackContent}
                  </p>
                )}
              </div>
              <p className="review-dialog__note">
                {standing.otherPartyName} will not see your review until they have written theirs, or until{' '}
                {standing.reviewBy ? formatDate(standing.reviewBy) : 'the review window closes'}. It cannot be changed
                afterwards.
              </p>
              {errors.form && (
                <p className="form-alert" role="alert">
                  {errors.form}
                </p>
              )}
              <button type="submit" className="button button--block" disabled={sending}>
                {sending ? 'Sending…' : 'Send review'}
              </button>
            </form>
          ) : (
            !standing.mine && (
              <p className="state-message">
                {standing.completedAt ? leaveReviewMessages.windowClosed : leaveReviewMessages.notCompleted}
              </p>
            )
          )}
          {standing.mine && (
            <ReviewShown
              review={standing.mine}
              heading="Your review"
              hiddenUntil={standing.reviewBy ? formatDate(standing.reviewBy) : undefined}
            />
          )}
          {standing.theirs && <ReviewShown review={standing.theirs} heading={`${standing.otherPartyName}’s review`} />}
        </>
      )}
    </Modal>
  );
}
