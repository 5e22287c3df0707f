import { defineProcess } from '@yardly/shared/rules';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/connect';
import { orders } from '../db/schema/index';
import { ProcessRegistry } from './registry';
import type { Transition } from './transition';

const parcel = defineProcess({
  name: 'parcel',
  initial: 'packed',
  states: {
    packed: { label: 'Packed', badge: null, refusal: 'is_packed' },
    sent: { label: 'Sent', badge: null, refusal: 'is_sent' },
  },
  guards: {},
  events: {
    send: { label: 'Send', from: ['packed'], to: 'sent', by: ['seller'], does: ['label', 'charge'] },
    resend: { label: 'Send again', from: ['sent'], to: 'sent', by: ['seller'] },
  },
});
const refused = () => 'refused';
const step = (event: 'send' | 'resend'): Transition<'packed' | 'sent', 'send' | 'resend'> => ({
  subjectId: 1,
  event,
  from: 'packed',
  to: 'sent',
  at: new Date(0),
  by: { userId: 1, role: 'seller' },
  timers: [],
});

describe('the process registry', () => {
  it('refuses to start while an effect a table names has no implementation', () => {
    const registry = new ProcessRegistry();
    registry.bind(parcel, orders, refused);
    registry.implement(parcel, 'label', () => {});
    expect(() => registry.assertComplete()).toThrow('parcel.send does charge');
    registry.implement(parcel, 'charge', () => {});
    expect(() => registry.assertComplete()).not.toThrow();
  });

  it('refuses a process bound twice and a name implemented twice', () => {
    const registry = new ProcessRegistry();
    registry.bind(parcel, orders, refused);
    expect(() => registry.bind(parcel, orders, refused)).toThrow('bound twice');
    registry.implement(parcel, 'label', () => {});
    expect(() => registry.implement(parcel, 'label', () => {})).toThrow('implemented twice');
  });

  it("runs an event's named effects in the table's order, then the subscriptions its filter matches", async () => {
    const registry = new ProcessRegistry();
    const bound = registry.bind(parcel, orders, refused);
    const ran: string[] = [];
    registry.onTransition(parcel, {}, (_tx, done) => void ran.push(`any ${done.event}`));
    registry.onTransition(parcel, { event: 'resend' }, () => void ran.push('on resend'));
    registry.onTransition(parcel, { to: 'sent' }, () => void ran.push('on sent'));
    registry.implement(parcel, 'charge', () => void ran.push('charge'));
    registry.implement(parcel, 'label', () => void ran.push('label'));
    const tx = {} as Db;
    for (const effect of bound.effects) await effect(tx, step('send'));
    expect(ran).toEqual(['label', 'charge', 'any send', 'on sent']);
    ran.length = 0;
    for (const effect of bound.effects) await effect(tx, step('resend'));
    expect(ran).toEqual(['any resend', 'on resend', 'on sent']);
  });
});
