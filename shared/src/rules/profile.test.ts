import { describe, expect, it } from 'vitest';
import { halfStepRating } from './profile';

describe('halfStepRating', () => {
  it.each([
    [null, 0],
    [0, 0],
    [4.33, 4.5],
    [4.2, 4],
    [4.25, 4.5],
    [4.74, 4.5],
    [4.75, 5],
    [1, 1],
  ])('rounds %s to %s', (average, rating) => {
    expect(halfStepRating(average)).toBe(rating);
  });
});
