import { describe, expect, it } from 'vitest';
import { can, canStart, isFinal, timersStartedBy } from './process';
import {
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  RETURN_STATES,
  returnEventsFor,
  returnMessages,
  returnProcess,
  returnRefusalMessage,
  returnStatusLabel,
} from './return-process';

describe('the return process (issue 19 §3)', () => {
  it('only the buyer opens a return, and opening it starts the seller’s three business days', () => {
    expect(canStart(returnProcess, 'open', 'buyer', {})).toEqual({ ok: true });
    expect(canStart(returnProcess, 'open', 'seller', {})).toEqual({ ok: false, reason: 'not_your_turn' });
    // Opened on the Wednesday before Thanksgiving (26 November 2026): Friday, Monday, Tuesday.
    expect(timersStartedBy(returnProcess, 'open', new Date('2026-11-25T10:00:00Z'))).toEqual([
      { event: 'autoAccept', at: new Date('2026-12-01T10:00:00Z') },
    ]);
  });

  it('the seller accepts or disputes a requested return; the buyer sees no button', () => {
    expect(returnEventsFor('requested', 'seller')).toEqual(['accept', 'dispute']);
    expect(returnEventsFor('requested', 'buyer')).toEqual([]);
    expect(returnEventsFor('accepted', 'seller')).toEqual([]);
    expect(can(returnProcess, 'requested', 'accept', 'buyer', {})).toEqual({ ok: false, reason: 'not_your_turn' });
    expect(returnRefusalMessage('accept', 'not_your_turn')).toBe(returnMessages.onlySellerAnswers);
  });

  it('accepting twice, or disputing after accepting, is refused with the state’s reason', () => {
    expect(can(returnProcess, 'accepted', 'accept', 'seller', {})).toEqual({ ok: false, reason: 'already_accepted' });
    expect(can(returnProcess, 'accepted', 'dispute', 'seller', {})).toEqual({ ok: false, reason: 'already_accepted' });
    expect(can(returnProcess, 'disputed', 'accept', 'seller', {})).toEqual({ ok: false, reason: 'already_disputed' });
    expect(returnRefusalMessage('dispute', 'already_accepted')).toBe(
      'This return is accepted, on its way back: Dispute return is not possible now',
    );
  });

  it('a disputed return is decided by an admin only, either way', () => {
    // Or it is closed by the console's full refund of the order (closeByRefund).
    expect(returnEventsFor('disputed', 'admin')).toEqual(['approve', 'refuse', 'closeByRefund']);
    expect(returnEventsFor('disputed', 'seller')).toEqual([]);
    expect(can(returnProcess, 'disputed', 'refuse', 'seller', {})).toEqual({ ok: false, reason: 'not_your_turn' });
    expect(returnRefusalMessage('refuse', 'not_your_turn')).toBe(returnMessages.onlyAdminDecides);
    expect(can(returnProcess, 'requested', 'approve', 'admin', {})).toEqual({ ok: false, reason: 'return_requested' });
  });

  it('the platform accepts a return the seller left unanswered, and not one answered', () => {
    expect(can(returnProcess, 'requested', 'autoAccept', 'system', {})).toEqual({ ok: true });
    expect(can(returnProcess, 'disputed', 'autoAccept', 'system', {})).toEqual({
      ok: false,
      reason: 'already_disputed',
    });
  });

  it('an accepted return is refunded when it is delivered back; refunded and refused are final', () => {
    expect(can(returnProcess, 'accepted', 'receive', 'system', {})).toEqual({ ok: true });
    expect(can(returnProcess, 'requested', 'receive', 'system', {})).toEqual({ ok: false, reason: 'return_requested' });
    expect(RETURN_STATES.filter((s) => isFinal(returnProcess, s))).toEqual(['refunded', 'refused']);
  });

  it('lists the issue’s five reasons, each with its words', () => {
    expect(RETURN_REASONS.map((r) => RETURN_REASON_LABELS[r])).toEqual([
      'Not as described',
      'Damaged',
      'Wrong item',
      'Does not work',
      'Other',
    ]);
    expect(returnMessages.refunded).toContain('5-10 days');
  });
});

describe('a refunded return whose card refund is not made yet (issue 34)', () => {
  it('says the refund is on its way until the provider made it, never "refunded" before', () => {
    for (const held of ['sending', 'pending', 'failed'] as const) {
      expect(returnStatusLabel('refunded', held)).toBe('Returned, refund to the card on its way');
    }
    expect(returnStatusLabel('refunded', 'succeeded')).toBe('Returned and refunded');
    expect(returnStatusLabel('refunded', null)).toBe('Returned and refunded');
    expect(returnStatusLabel('accepted', 'pending')).toBe(returnProcess.states.accepted.label);
  });
});
