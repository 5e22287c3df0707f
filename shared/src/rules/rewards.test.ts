import { describe, expect, it } from 'vitest';
import { can } from './process';
import { normaliseEmail, rewardMonthStart, rewardProcess } from './rewards';

describe('normaliseEmail', () => {
  it('lowercases, and sets aside Gmail dots and +tags (googlemail.com is gmail.com)', () => {
    expect(normaliseEmail(' Ann.Lee+Promo@Gmail.com ')).toBe('annlee@gmail.com');
    expect(normaliseEmail('a.n.n.lee@googlemail.com')).toBe('annlee@gmail.com');
  });

  it('keeps the dots and tags of other providers, which may mean another mailbox', () => {
    expect(normaliseEmail('Ann.Lee+x@Example.com')).toBe('ann.lee+x@example.com');
    expect(normaliseEmail('not-an-email')).toBe('not-an-email');
  });
});

describe('the reward process', () => {
  const windowEndsAt = new Date('2026-01-08T00:00:00Z');
  it('reverses a granted or held reward only while the window is open, and only by the platform', () => {
    const inside = { removedAt: new Date('2026-01-07T23:59:59Z'), windowEndsAt };
    const after = { removedAt: windowEndsAt, windowEndsAt };
    expect(can(rewardProcess, 'granted', 'reverse', 'system', inside)).toEqual({ ok: true });
    expect(can(rewardProcess, 'held', 'reverse', 'system', inside)).toEqual({ ok: true });
    expect(can(rewardProcess, 'granted', 'reverse', 'system', after)).toEqual({ ok: false, reason: 'window_closed' });
    expect(can(rewardProcess, 'granted', 'reverse', 'admin', inside).ok).toBe(false);
  });

  it('lets an admin approve or refuse a held reward only', () => {
    const facts = { removedAt: windowEndsAt, windowEndsAt };
    expect(can(rewardProcess, 'held', 'approve', 'admin', facts)).toEqual({ ok: true });
    expect(can(rewardProcess, 'granted', 'refuse', 'admin', facts)).toEqual({ ok: false, reason: 'already_granted' });
    expect(can(rewardProcess, 'held', 'approve', 'seller', facts).ok).toBe(false);
  });
});

describe('rewardMonthStart', () => {
  it('is the first instant of the calendar month in UTC', () => {
    expect(rewardMonthStart(new Date('2026-03-31T23:30:00Z')).toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });
});
