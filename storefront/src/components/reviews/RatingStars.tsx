import '../../styles/reviews.css';

/** Stars for a 0-5 rating in half steps, read out as a sentence; with `count`, an average of that many reviews. */
export function RatingStars({ rating, count }: { rating: number; count?: number }) {
  const stars = Array.from({ length: 5 }, (_, i) => (rating >= i + 1 ? 'full' : rating >= i + 0.5 ? 'half' : 'empty'));
  return (
    <span
      className="rating"
      role="img"
      aria-label={
        count === undefined
          ? `Rated ${rating} out of 5`
          : `Rated ${rating} out of 5 from ${count} ${count === 1 ? 'review' : 'reviews'}`
      }
    >
      {stars.map((kind, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: five fixed positions
        <span key={i} className={`rating__star rating__star--${kind}`} aria-hidden="true">
          ★
        </span>
      ))}
      <span className="rating__count" aria-hidden="true">
        {count === undefined ? rating : `${rating} (${count})`}
      </span>
    </span>
  );
}
