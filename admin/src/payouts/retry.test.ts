import { describe, expect, it } from 'vitest';
import { retryable } from './retry';

describe("the console's payout Retry", () => {
  it('shows on a failed payout only, to an admin allowed to edit payouts', () => {
    expect(retryable({ status: 'failed' }, true)).toBe(true);
    expect(retryable({ status: 'failed' }, false)).toBe(false);
    expect(retryable({ status: 'paid' }, true)).toBe(false);
    expect(retryable({ status: 'pending' }, true)).toBe(false);
  });
});
