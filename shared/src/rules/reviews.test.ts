import { describe, expect, it } from 'vitest';
import { leaveReviewBodySchema, reviewRatingSchema } from '../contract/feedback';
import { halvesToRating, leaveReviewMessages, RATING_CHOICES, ratingToHalves, reviewWindowEnd } from './reviews';

describe('review ratings', () => {
  it('offers 0.5 to 5 in half steps, and the form accepts exactly those', () => {
    expect(RATING_CHOICES).toEqual([0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5]);
    for (const rating of RATING_CHOICES) expect(reviewRatingSchema.safeParse(rating).success).toBe(true);
    for (const rating of [0, -0.5, 5.5, 3.25, 4.4, Number.NaN, '4']) {
      expect(reviewRatingSchema.safeParse(rating).error?.issues[0]?.message).toBe(leaveReviewMessages.rating);
    }
  });

  it('stores a rating as whole half stars and reads it back exactly', () => {
    expect(RATING_CHOICES.map(ratingToHalves)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(RATING_CHOICES.map((r) => halvesToRating(ratingToHalves(r)))).toEqual(RATING_CHOICES);
  });

  it('closes the window 14 days after completion', () => {
    expect(reviewWindowEnd(new Date('2026-11-02T10:00:00Z')).toISOString()).toBe('2026-11-16T10:00:00.000Z');
  });
});

describe('the review form (the same schema in the dialog and the api)', () => {
  const body = { orderId: 'R0123456789C', rating: 4.5, feedbackContent: 'Fine' };
  const messages = (input: object) =>
    leaveReviewBodySchema.safeParse({ ...body, ...input }).error?.issues.map((i) => [i.path.join('.'), i.message]);

  it('says what is wrong with the rating and the text', () => {
    expect(messages({ rating: 4.2 })).toEqual([['rating', leaveReviewMessages.rating]]);
    expect(messages({ rating: undefined })).toEqual([['rating', leaveReviewMessages.rating]]);
    expect(messages({ feedbackContent: '  ' })).toEqual([['feedbackContent', leaveReviewMessages.textRequired]]);
    expect(messages({ feedbackContent: 'x'.repeat(501) })).toEqual([
      ['feedbackContent', leaveReviewMessages.textTooLong],
    ]);
    expect(
      leaveReviewBodySchema.parse({ ...body, feedbackContent: ` ${'x'.repeat(500)} ` }).feedbackContent,
    ).toHaveLength(500);
  });
});
