import { describe, expect, it } from 'vitest';
import { offerProcess } from './offer-process';
import {
  can,
  defineProcess,
  eventsFor,
  isFinal,
  isTurnRefusal,
  stateBadge,
  stateLabel,
  timersStartedBy,
} from './process';

// A small offer, as the offers process will be: enough to exercise every helper.
const offer = defineProcess({
  name: 'offer',
  initial: 'offered',
  states: {
    offered: { label: 'Offered', badge: 'Waiting', refusal: 'is_offered' },
    accepted: { label: 'Accepted', badge: 'Accepted', refusal: 'already_accepted' },
    expired: { label: 'Expired', badge: null, refusal: 'expired' },
  },
  guards: { inStock: { test: (f: { stock: number }) => f.stock > 0, refusal: 'out_of_stock' } },
  events: {
    make: { label: 'Make offer', from: ['expired'], to: 'offered', by: ['buyer'], starts: ['expire'] },
    accept: { label: 'Accept', from: ['offered'], to: 'accepted', by: ['seller'], guard: 'inStock' },
    expire: { label: 'Expire', from: ['offered'], to: 'expired', by: ['system'], after: { hours: 24 } },
  },
});

describe('a process declaration', () => {
  it('allows an event to its role, in a state it leaves, when its guard holds', () => {
    expect(can(offer, 'offered', 'accept', 'seller', { stock: 1 })).toEqual({ ok: true });
  });

  it('refuses another role first, with not_your_turn', () => {
    expect(can(offer, 'accepted', 'accept', 'buyer', { stock: 0 })).toEqual({ ok: false, reason: 'not_your_turn' });
  });

  it("refuses in a state the event does not leave, with that state's reason", () => {
    expect(can(offer, 'accepted', 'accept', 'seller', { stock: 1 })).toEqual({ ok: false, reason: 'already_accepted' });
    expect(can(offer, 'expired', 'accept', 'seller', { stock: 1 })).toEqual({ ok: false, reason: 'expired' });
  });

  it('tells "not your turn" (a role, a guard on who acts) from "not in this state"', () => {
    expect(isTurnRefusal(offer, 'not_your_turn')).toBe(true);
    expect(isTurnRefusal(offerProcess, 'not_receiver')).toBe(true);
    expect(isTurnRefusal(offer, 'out_of_stock')).toBe(false);
    expect(isTurnRefusal(offer, 'already_accepted')).toBe(false);
  });

  it("refuses when the guard fails, with the guard's reason", () => {
    expect(can(offer, 'offered', 'accept', 'seller', { stock: 0 })).toEqual({ ok: false, reason: 'out_of_stock' });
  });

  it('lists the events a role may take, in declaration order', () => {
    expect(eventsFor(offer, 'offered', 'seller', { stock: 1 })).toEqual(['accept']);
    expect(eventsFor(offer, 'offered', 'seller', { stock: 0 })).toEqual([]);
    expect(eventsFor(offer, 'offered', 'system', { stock: 0 })).toEqual(['expire']);
    expect(eventsFor(offer, 'expired', 'buyer', { stock: 0 })).toEqual(['make']);
  });

  it('knows a final state, and each state has its label and badge', () => {
    expect(isFinal(offer, 'accepted')).toBe(true);
    expect(isFinal(offer, 'offered')).toBe(false);
    expect(isFinal(offer, 'expired')).toBe(false);
    expect(stateLabel(offer, 'offered')).toBe('Offered');
    expect(stateBadge(offer, 'offered')).toBe('Waiting');
    expect(stateBadge(offer, 'expired')).toBeNull();
  });

  it('gives the timers an event starts, due after their duration', () => {
    const now = new Date('2026-11-25T10:00:00Z');
    expect(timersStartedBy(offer, 'make', now)).toEqual([{ event: 'expire', at: new Date('2026-11-26T10:00:00Z') }]);
    expect(timersStartedBy(offer, 'accept', now)).toEqual([]);
  });

  it('refuses to declare a start of an event that is no timer', () => {
    expect(() =>
      defineProcess({
        name: 'broken',
        initial: 'a',
        states: { a: { label: 'A', badge: null, refusal: 'a' }, b: { label: 'B', badge: null, refusal: 'b' } },
        guards: {},
        events: {
          go: { label: 'Go', from: ['a'], to: 'b', by: ['seller'], starts: ['back'] },
          back: { label: 'Back', from: ['b'], to: 'a', by: ['seller'] },
        },
      }),
    ).toThrow("broken: go starts back, which has no 'after'");
  });
});
