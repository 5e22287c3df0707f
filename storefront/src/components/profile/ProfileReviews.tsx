import type { ReceivedFeedback } from '@yardly/shared/contract';
import { formatDate, genericMessages, PAGE_SIZES, type ReviewRole, reviewMessages } from '@yardly/shared/rules';
import { useEffect, useState } from 'react';
import { browserApi } from '../../lib/api';
import { logFailure } from '../../lib/log-failure';
import { hrefWithPage, Pagination } from '../Pagination';
import { RatingStars } from '../reviews/RatingStars';
import { Spinner } from '../Spinner';

/** Reviews of a person as seller or buyer: aggregate rating, count and 10 reviews a page. */
export function ProfileReviews({ userRefnum, role }: { userRefnum: string; role: ReviewRole }) {
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<ReceivedFeedback | 'error' | null>(null);

  useEffect(() => {
    let live = true;
    setResult(null);
    // Spec section 7: GET /svc/feedback/received with asSeller, page n - 1, size and userRefnum.
    browserApi.feedback
      .received({ userRefnum, asSeller: role === 'seller', page: page - 1, size: PAGE_SIZES.reviews })
      .then((data) => live && setResult(data))
      .catch((cause: unknown) => {
        logFailure('ProfileReviews: a call failed', cause);
        if (live) setResult('error');
      });
    return () => {
      live = false;
    };
  }, [userRefnum, role, page]);

  if (result === null) return <Spinner label="Loading reviews" />;
  if (result === 'error') return <p className="state-message state-message--error">{genericMessages.tryAgain}</p>;
  const { aggregate, feedbacks } = result;
  return (
    <div className="reviews">
      <p className="reviews__aggregate">
        <RatingStars rating={aggregate.rating} count={aggregate.count} />
      </p>
      {feedbacks.content.length === 0 ? (
        <p className="state-message">{reviewMessages.empty}</p>
      ) : (
        <>
          <ul className="review-list">
            {feedbacks.content.map((review) => (
              <li key={`${review.feedbackSentByUsername}|${review.updatedAt}`} className="review">
                <p className="review__by">
                  {review.feedbackSentByUsername} <span className="review__date">{formatDate(review.updatedAt)}</span>
                </p>
                <p>{review.feedbackContent}</p>
              </li>
            ))}
          </ul>
          <Pagination
            page={page}
            totalPages={Math.ceil(feedbacks.totalElements / feedbacks.size)}
            hrefFor={(p) => hrefWithPage(window.location.search, p)}
            onChange={setPage}
          />
        </>
      )}
    </div>
  );
}
