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
    const inside = { at: new Date('2026-01-07T23:59:59Z'), windowEndsAt, heldUntil: null };
    const after = { at: windowEndsAt, windowEndsAt, heldUntil: null };
    expect(can(rewardProcess, 'granted', 'reverse', 'system', inside)).toEqual({ ok: true });
    expect(can(rewardProcess, 'held', 'reverse', 'system', inside)).toEqual({ ok: true });
    expect(can(rewardProcess, 'pending', 'reverse', 'system', inside)).toEqual({ ok: true });
    expect(can(rewardProcess, 'granted', 'reverse', 'system', after)).toEqual({ ok: false, reason: 'window_closed' });
    expect(can(rewardProcess, 'granted', 'reverse', 'admin', inside).ok).toBe(false);
  });

  it('lets an admin approve or refuse a held reward only', () => {
    const facts = { at: windowEndsAt, windowEndsAt, heldUntil: null };
    expect(can(rewardProcess, 'held', 'approve', 'admin', facts)).toEqual({ ok: true });
    expect(can(rewardProcess, 'granted', 'refuse', 'admin', facts)).toEqual({ ok: false, reason: 'already_granted' });
    expect(can(rewardProcess, 'held', 'approve', 'seller', facts).ok).toBe(false);
  });
});

describe('the 72-hour hold', () => {
  const heldUntil = new Date('2026-01-04T00:00:00Z');
  const windowEndsAt = new Date('2026-01-08T00:00:00Z');
  it('releases a pending reward only once its hours are over, and only by the platform', () => {
    const early = { at: new Date('2026-01-03T23:59:59Z'), windowEndsAt, heldUntil };
    const over = { at: heldUntil, windowEndsAt, heldUntil };
    expect(can(rewardProcess, 'pending', 'release', 'system', early)).toEqual({ ok: false, reason: 'still_held' });
    expect(can(rewardProcess, 'pending', 'release', 'system', over)).toEqual({ ok: true });
    expect(can(rewardProcess, 'pending', 'release', 'admin', over).ok).toBe(false);
  });

  it('lets an admin void a pending reward, not a granted one, and never approve one early', () => {
    const facts = { at: new Date('2026-01-02T00:00:00Z'), windowEndsAt, heldUntil };
    expect(can(rewardProcess, 'pending', 'void', 'admin', facts)).toEqual({ ok: true });
    expect(can(rewardProcess, 'granted', 'void', 'admin', facts)).toEqual({ ok: false, reason: 'already_granted' });
    expect(can(rewardProcess, 'pending', 'approve', 'admin', facts).ok).toBe(false);
  });
});

describe('rewardMonthStart', () => {
  it('is the first instant of the calendar month in UTC', () => {
    expect(rewardMonthStart(new Date('2026-03-31T23:30:00Z')).toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });
});
