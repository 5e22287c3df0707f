import { formatDate, genericMessages, PAGE_SIZES, type ReviewRole, reviewMessages } from '@yardly/shared/rules';
import { useState } from 'react';
import { browserApi } from '../../lib/api';
import { useLoaded } from '../../lib/use-loaded';
import { hrefWithPage, Pagination } from '../Pagination';
import { RatingStars } from '../reviews/RatingStars';
import { Spinner } from '../Spinner';

/** Reviews of a person as seller or buyer: aggregate rating, count and 10 reviews a page. */
export function ProfileReviews({ userRefnum, role }: { userRefnum: string; role: ReviewRole }) {
  const [page, setPage] = useState(1);
  const reviews = useLoaded(
    // Spec section 7: GET /svc/feedback/received with asSeller, page n - 1, size and userRefnum.
    () =>
      browserApi.feedback.received({
        userRefnum,
        asSeller: role === 'seller',
        page: page - 1,
        size: PAGE_SIZES.reviews,
      }),
    [userRefnum, role, page],
    { failure: 'ProfileReviews: a call failed' },
  );

  if (reviews.state === 'loading') return <Spinner label="Loading reviews" />;
  if (reviews.state === 'failed')
    return <p className="state-message state-message--error">{genericMessages.tryAgain}</p>;
  const { aggregate, feedbacks } = reviews.data;
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
