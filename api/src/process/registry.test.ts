import { defineProcess } from '@yardly/shared/rules';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/connect';
import { orders } from '../db/schema/index';
import { ProcessRegistry } from './registry';
import type { Transition } from './transition';

/** A parcel's two states, packed then sent. */
const parcelStates = {
  packed: { label: 'Packed', badge: null, refusal: 'is_packed' },
  sent: { label: 'Sent', badge: null, refusal: 'is_sent' },
};

const parcel = defineProcess({
  name: 'parcel',
  initial: 'packed',
  states: parcelStates,
  guards: {},
  events: {
    send: { label: 'Send', from: ['packed'], to: 'sent', by: ['seller'], does: ['label', 'charge'] },
    resend: { label: 'Send again', from: ['sent'], to: 'sent', by: ['seller'] },
  },
});
const refused = () => 'refused';

/** A parcel whose sending tells its buyer, and tells its seller too when the platform sent it. */
const toldParcel = defineProcess({
  name: 'toldParcel',
  initial: 'packed',
  states: parcelStates,
  guards: {},
  events: {
    send: {
      label: 'Send',
      from: ['packed'],
      to: 'sent',
      by: ['seller', 'system'],
      does: ['label'],
      tells: [
        { to: 'buyer', notice: 'onItsWay' },
        { to: 'seller', notice: 'sentForYou', by: ['system'] },
      ],
    },
  },
  notices: {
    onItsWay: { text: (p: { code: string }) => `Parcel ${p.code} is on its way`, link: (p) => `/parcels/${p.code}` },
    sentForYou: { text: (p: { code: string }) => `We sent parcel ${p.code} for you`, link: () => null },
  },
});

/** The parcel sent (the told parcel's one event) by `by`. */
const sent = (by: Transition<string, string>['by'], subjectId = 1): Transition<'packed' | 'sent', 'send'> => ({
  subjectId,
  event: 'send',
  from: 'packed',
  to: 'sent',
  at: new Date(0),
  by,
  timers: [],
});

/** A transaction that keeps the notices inserted into it (the only writes a notice makes). */
function noticeTx() {
  const told: { userId: number; text: string; link: string | null }[] = [];
  const tx = { insert: () => ({ values: async (rows: typeof told) => void told.push(...rows) }) } as unknown as Db;
  return { tx, told };
}

/** A parcel the platform returns to its sender when nobody collects it in time (a timer). */
function collectable(returnedBy: readonly ('seller' | 'system')[], startedBy: 'packed' | 'sent') {
  return defineProcess({
    name: 'pickup',
    initial: 'packed',
    states: {
      packed: { label: 'Packed', badge: null, refusal: 'is_packed' },
      waiting: { label: 'Waiting', badge: null, refusal: 'is_waiting' },
      returned: { label: 'Returned', badge: null, refusal: 'is_returned' },
    },
    guards: {},
    events: {
      place: {
        label: 'Place',
        from: ['packed'],
        to: startedBy === 'sent' ? 'waiting' : 'packed',
        by: ['seller'],
        starts: ['giveBack'],
      },
      giveBack: { label: 'Not collected', from: ['waiting'], to: 'returned', by: returnedBy, after: { days: 7 } },
    },
  });
}
const takeWith = { facts: () => ({}) };

/** A registry with `process` bound to orders and its timers taken. */
function withTimersTaken(process: ReturnType<typeof collectable>) {
  const registry = new ProcessRegistry();
  registry.bind(process, orders, refused);
  registry.takeTimers(process, takeWith);
  return registry;
}
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

  it('sends the notices a table names once the effects are done, to each party, as the actor allows', async () => {
    const registry = new ProcessRegistry();
    const bound = registry.bind(toldParcel, orders, refused);
    const ran: string[] = [];
    registry.implement(toldParcel, 'label', () => void ran.push('label'));
    expect(() => registry.assertComplete()).toThrow('the notices of toldParcel, which nothing reads the subject for');
    registry.readNotices(toldParcel, async (_tx, id) =>
      id === 1 ? { parties: { buyer: 7, seller: 8 }, context: { code: 'P-1' } } : undefined,
    );
    expect(() => registry.assertComplete()).not.toThrow();

    const bySeller = noticeTx();
    for (const effect of bound.effects) await effect(bySeller.tx, sent({ userId: 8, role: 'seller' }));
    expect(ran).toEqual(['label']);
    expect(bySeller.told).toEqual([
      expect.objectContaining({ userId: 7, text: 'Parcel P-1 is on its way', link: '/parcels/P-1' }),
    ]);

    const byPlatform = noticeTx();
    for (const effect of bound.effects) await effect(byPlatform.tx, sent({ userId: null, role: 'system' }));
    expect(byPlatform.told.map(({ userId, text }) => [userId, text])).toEqual([
      [7, 'Parcel P-1 is on its way'],
      [8, 'We sent parcel P-1 for you'],
    ]);

    const gone = noticeTx();
    for (const effect of bound.effects) await effect(gone.tx, sent({ userId: 8, role: 'seller' }, 2));
    expect(gone.told).toEqual([]);
  });

  it('refuses a table whose event tells a notice it has no words for', () => {
    expect(() =>
      defineProcess({
        name: 'mute',
        initial: 'a',
        states: { a: { label: 'A', badge: null, refusal: 'is_a' } },
        guards: {},
        events: {
          poke: {
            label: 'Poke',
            from: ['a'],
            to: 'a',
            by: ['seller'],
            tells: [{ to: 'buyer', notice: 'poked' as never }],
          },
        },
      }),
    ).toThrow('mute: poke tells poked, which has no words');
  });

  it('refuses to start while a declared timer could never be taken, and starts once it can', () => {
    const unbound = new ProcessRegistry();
    unbound.bind(collectable(['system'], 'sent'), orders, refused);
    expect(() => unbound.assertComplete()).toThrow('the timer pickup.giveBack, which its binding gives no way to take');

    const notThePlatforms = withTimersTaken(collectable(['seller'], 'sent'));
    expect(() => notThePlatforms.assertComplete()).toThrow(
      'the timer pickup.giveBack, which the platform may not take',
    );

    const startedTooEarly = withTimersTaken(collectable(['system'], 'packed'));
    expect(() => startedTooEarly.assertComplete()).toThrow(
      'pickup.place starts giveBack in packed, which giveBack does not leave',
    );

    const pickup = collectable(['system'], 'sent');
    const complete = withTimersTaken(pickup);
    expect(() => complete.assertComplete()).not.toThrow();
    expect(complete.timerJobs().map((job) => job.name)).toEqual(['timer:pickup']);
    expect(() => complete.takeTimers(pickup, takeWith)).toThrow('said twice');
  });
});
