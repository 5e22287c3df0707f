import { describe, expect, it } from 'vitest';
import { HOW_IT_WORKS, referralLink, signedCents, unseenReward } from './rewards-view';

const earned = (at: string, amount = 500) => ({ amount, description: 'Bo K. posted their first listing', at });

describe('rewards as /myrewards shows them', () => {
  it('signs the history amounts in dollars', () => {
    expect(signedCents(500)).toBe('+$5.00');
    expect(signedCents(-500)).toBe('-$5.00');
  });

  it('builds the same link the invite email carries, the referral code last', () => {
    expect(referralLink('https://yardly.test', { nameFirst: 'Ann Marie', userRefnum: 'U0123456789A' })).toBe(
      'https://yardly.test/refer-a-friend/ann-marie-U0123456789A',
    );
  });

  it('explains the programme in four steps', () => {
    expect(HOW_IT_WORKS).toHaveLength(4);
    expect(HOW_IT_WORKS[3]).toContain('$5 reward');
  });
});

describe('the reward card greets once per new reward', () => {
  it('greets for the newest reward never seen', () => {
    const entries = [earned('2026-11-20T10:00:00.000Z'), earned('2026-11-21T10:00:00.000Z')];
    expect(unseenReward(entries, null)?.at).toBe('2026-11-21T10:00:00.000Z');
    expect(unseenReward(entries, '2026-11-20T10:00:00.000Z')?.at).toBe('2026-11-21T10:00:00.000Z');
  });

  it('does not greet again for a reward already seen, nor for a reversal', () => {
    expect(unseenReward([earned('2026-11-21T10:00:00.000Z')], '2026-11-21T10:00:00.000Z')).toBeNull();
    expect(unseenReward([earned('2026-11-22T10:00:00.000Z', -500)], null)).toBeNull();
    expect(unseenReward([], null)).toBeNull();
  });
});
