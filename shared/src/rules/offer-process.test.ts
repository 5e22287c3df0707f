import { describe, expect, it } from 'vitest';
import { listingActionMessages } from './listing-rules';
import {
  currentOfferState,
  listingClosedToOffers,
  OFFER_STATES,
  offerAbovePriceMessage,
  offerEventsFor,
  offerMessages,
  offerProcess,
  offerRefusalMessage,
  offerThreadKey,
  offerToLikersNotBelowMessage,
  offerToLikersSentMessage,
} from './offer-process';
import { can, canStart, isFinal, NOT_AN_ENTRY, timersStartedBy } from './process';

const receiver = { isReceiver: true, isSender: false };
const sender = { isReceiver: false, isSender: true };

describe('the offer process (issue 17)', () => {
  it('a pending offer: its receiver accepts, declines or counters; its sender withdraws', () => {
    expect(offerEventsFor('pending', 'seller', receiver)).toEqual(['counter', 'accept', 'decline']);
    expect(offerEventsFor('pending', 'buyer', receiver)).toEqual(['counter', 'accept', 'decline']);
    expect(offerEventsFor('pending', 'buyer', sender)).toEqual(['withdraw']);
    expect(offerEventsFor('pending', 'system', { isReceiver: false, isSender: false })).toEqual([
      'supersede',
      'expire',
      'cancel',
    ]);
  });

  it('an accepted offer is answered by nobody; only the platform lapses it when it goes unpaid, cancels it when a membership ends, or closes it when its sale ended', () => {
    for (const role of ['buyer', 'seller'] as const) expect(offerEventsFor('accepted', role, receiver)).toEqual([]);
    expect(offerEventsFor('accepted', 'system', sender)).toEqual(['cancel', 'lapse', 'close']);
    expect(timersStartedBy(offerProcess, 'accept', new Date('2026-12-01T10:00:00Z'))).toEqual([
      { event: 'lapse', at: new Date('2026-12-02T10:00:00Z') },
    ]);
  });

  it('every other state is final: nobody answers it', () => {
    for (const state of OFFER_STATES.filter((s) => s !== 'pending' && s !== 'accepted')) {
      expect(isFinal(offerProcess, state)).toBe(true);
      for (const role of ['buyer', 'seller', 'system'] as const) {
        expect(offerEventsFor(state, role, receiver)).toEqual([]);
        expect(offerEventsFor(state, role, sender)).toEqual([]);
      }
    }
  });

  it('refuses the wrong party with the guard reason, a moved state with its own', () => {
    expect(can(offerProcess, 'pending', 'accept', 'seller', sender)).toEqual({ ok: false, reason: 'not_receiver' });
    expect(can(offerProcess, 'pending', 'withdraw', 'seller', receiver)).toEqual({ ok: false, reason: 'not_sender' });
    expect(can(offerProcess, 'accepted', 'counter', 'seller', receiver)).toEqual({
      ok: false,
      reason: 'already_accepted',
    });
    expect(can(offerProcess, 'pending', 'expire', 'buyer', receiver)).toEqual({ ok: false, reason: 'not_your_turn' });
  });

  it('an offer is made (created) by a party, and making starts its 24-hour expiry', () => {
    expect(canStart(offerProcess, 'make', 'buyer', sender)).toEqual({ ok: true });
    expect(canStart(offerProcess, 'make', 'system', sender)).toEqual({ ok: false, reason: 'not_your_turn' });
    expect(canStart(offerProcess, 'accept', 'seller', receiver)).toEqual({ ok: false, reason: NOT_AN_ENTRY });
    const now = new Date('2026-12-01T10:00:00Z');
    expect(timersStartedBy(offerProcess, 'make', now)).toEqual([
      { event: 'expire', at: new Date('2026-12-02T10:00:00Z') },
    ]);
  });

  it('the seller makes an offer to likers (issue 37): only to someone who saved the listing, with the same 24-hour expiry', () => {
    const toLiker = { ...sender, receiverSaved: true };
    expect(canStart(offerProcess, 'offerToLiker', 'seller', toLiker)).toEqual({ ok: true });
    expect(canStart(offerProcess, 'offerToLiker', 'seller', sender)).toEqual({ ok: false, reason: 'not_a_liker' });
    expect(canStart(offerProcess, 'offerToLiker', 'buyer', toLiker)).toEqual({ ok: false, reason: 'not_your_turn' });
    const now = new Date('2026-12-01T10:00:00Z');
    expect(timersStartedBy(offerProcess, 'offerToLiker', now)).toEqual([
      { event: 'expire', at: new Date('2026-12-02T10:00:00Z') },
    ]);
    // Its receiver, the person who saved the listing, answers it as any offer; the seller may withdraw it.
    expect(offerEventsFor('pending', 'buyer', receiver)).toEqual(['counter', 'accept', 'decline']);
    expect(offerEventsFor('pending', 'seller', sender)).toEqual(['withdraw']);
    expect(offerToLikersSentMessage(1)).toBe('Offer sent to 1 person who saved this listing');
    expect(offerToLikersSentMessage(3)).toBe('Offer sent to 3 people who saved this listing');
    expect(offerToLikersNotBelowMessage(2500)).toBe('An offer to likers must be below the listing price of $25.00');
  });

  it('reads a pending offer past its expiry as expired, whether or not the timer ran', () => {
    const now = new Date('2026-12-02T10:00:00Z');
    expect(currentOfferState('pending', '2026-12-02T10:00:00Z', now)).toBe('expired');
    expect(currentOfferState('pending', '2026-12-02T10:00:01Z', now)).toBe('pending');
    expect(currentOfferState('accepted', '2020-01-01T00:00:00Z', now)).toBe('accepted');
  });

  it('says why, in words', () => {
    expect(offerRefusalMessage('accept', 'not_receiver')).toBe(offerMessages.notReceiver);
    expect(offerRefusalMessage('withdraw', 'not_sender')).toBe(offerMessages.notSender);
    expect(offerRefusalMessage('accept', 'already_accepted')).toBe(
      'This offer is accepted: it can no longer be answered',
    );
    expect(offerRefusalMessage('counter', 'offer_expired')).toBe('This offer is expired: it can no longer be answered');
    expect(offerAbovePriceMessage(2500)).toBe('Your offer cannot be above the listing price of $25.00');
    expect(listingClosedToOffers.reserved).toBe(listingActionMessages.reserved);
  });

  it('keys a thread listing_buyer_seller', () => {
    expect(offerThreadKey('L1', 'U2', 'U3')).toBe('L1_U2_U3');
  });
});
