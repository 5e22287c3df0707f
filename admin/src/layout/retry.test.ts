import { describe, expect, it } from 'vitest';
import { retryable } from './RetryButton';

describe("the console's Retry (payouts, card refunds)", () => {
  it('shows on a failed record only, to an admin allowed to edit its resource', () => {
    expect(retryable({ status: 'failed' }, true)).toBe(true);
    expect(retryable({ status: 'failed' }, false)).toBe(false);
    expect(retryable({ status: 'paid' }, true)).toBe(false);
    expect(retryable({ status: 'pending' }, true)).toBe(false);
  });
});
