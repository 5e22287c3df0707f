import { describe, expect, it } from 'vitest';
import { MIN_CARD_CHARGE_CENTS, rewardsToApply } from './reward-wallet';

describe('rewardsToApply', () => {
  it('takes the whole balance when the total is larger, and only the total when the balance is', () => {
    expect(rewardsToApply(2500, 500, true)).toBe(500);
    expect(rewardsToApply(400, 500, true)).toBe(400);
    expect(rewardsToApply(500, 500, true)).toBe(500);
  });

  it('takes nothing when the buyer turned rewards off or has none', () => {
    expect(rewardsToApply(2500, 500, false)).toBe(0);
    expect(rewardsToApply(2500, 0, true)).toBe(0);
  });

  it('never leaves the card less than its minimum charge: it pays it all, or at least 50 cents', () => {
    expect(rewardsToApply(520, 500, true)).toBe(520 - MIN_CARD_CHARGE_CENTS);
    expect(rewardsToApply(530, 500, true)).toBe(480);
    expect(rewardsToApply(550, 500, true)).toBe(500);
    expect(rewardsToApply(40, 30, true)).toBe(0);
  });
});
