import type { LiveEventPayload } from '@yardly/shared/contract';
import { atom } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginData } from '../test/login-data';
import type { Session } from './session';

/** The browser's EventSource, as far as the store uses it: the streams opened, their events and errors. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly url: string;
  closed = false;
  private readonly listeners = new Map<string, ((event: Event) => void)[]>();

  constructor(url: string) {
    this.url = url;
    FakeEventSource.opened.push(this);
  }

  addEventListener(type: string, listener: (event: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.closed = true;
  }

  emit(type: string, id: number, data: unknown) {
    const event = { type, lastEventId: String(id), data: JSON.stringify(data) } as unknown as Event;
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  fail() {
    for (const listener of this.listeners.get('error') ?? []) listener(new Event('error'));
  }
}

// Each test's own (a store left mounted by an earlier test must not follow it).
let $signedIn = atom<Session | null>(null);
const ticket = vi.fn();

/** A fresh copy of the store (a new page), signed in as `$signedIn` says, with the api's ticket call stubbed. */
async function freshLive() {
  vi.resetModules();
  vi.doMock('./session', () => ({ $session: $signedIn }));
  vi.doMock('../lib/api', () => ({ browserApi: { live: { ticket } } }));
  return import('./live');
}

function line(messageId: string, text: string): LiveEventPayload<'message'> {
  return {
    conversationId: 'T0123456789A',
    listingRefnum: 'L0123456789A',
    message: {
      messageId,
      kind: 'text',
      text,
      senderRefnum: 'U0123456789B',
      mine: false,
      createdAt: '2026-11-25T10:00:00.000Z',
    },
  };
}

const opened = () => FakeEventSource.opened;
const last = () => opened().at(-1) as FakeEventSource;

describe('$live: one stream per tab', () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    let n = 0;
    ticket
      .mockReset()
      .mockImplementation(async () => ({ ticket: `ticket-${++n}`, expiresAt: '2026-11-25T10:01:00.000Z' }));
    $signedIn = atom<Session | null>(loginData());
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens one stream with a ticket while listened to, delivers each event once, and reconnects with a fresh ticket after the last id', async () => {
    const { $live, onLiveEvent } = await freshLive();
    const texts: string[] = [];
    onLiveEvent('message', (event) => texts.push(event.message.text));
    const stop = $live.listen(() => {});
    const alsoListening = $live.listen(() => {});
    await vi.waitFor(() => expect(opened()).toHaveLength(1));
    expect(last().url).toBe('/svc/live?ticket=ticket-1');

    last().emit('ready', 10, {});
    expect($live.get()).toBe('open');
    last().emit('message', 11, line('M0000000001A', 'one'));
    last().emit('message', 12, line('M0000000002A', 'two'));
    // A replay overlapping what was taken delivers nothing twice.
    last().emit('message', 12, line('M0000000002A', 'two'));

    // The stream drops: the used ticket cannot reopen it, a fresh one names the last event taken.
    last().fail();
    expect(opened()[0]?.closed).toBe(true);
    expect($live.get()).toBe('connecting');
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(opened()).toHaveLength(2));
    expect(last().url).toBe('/svc/live?ticket=ticket-2&lastEventId=12');
    last().emit('ready', 12, {});
    last().emit('message', 12, line('M0000000002A', 'two'));
    last().emit('message', 13, line('M0000000003A', 'three'));
    expect(texts).toEqual(['one', 'two', 'three']);

    // Nobody listens any more (a second after, as nanostores unmounts): closed, and not reopened.
    stop();
    alsoListening();
    await vi.advanceTimersByTimeAsync(1000);
    expect(last().closed).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(opened()).toHaveLength(2);
    expect(ticket).toHaveBeenCalledTimes(2);
  });

  it('opens nothing for a guest, and closes on logging out', async () => {
    $signedIn.set(null);
    const { $live } = await freshLive();
    const stop = $live.listen(() => {});
    await vi.advanceTimersByTimeAsync(5000);
    expect(opened()).toHaveLength(0);
    expect(ticket).not.toHaveBeenCalled();

    $signedIn.set(loginData());
    await vi.waitFor(() => expect(opened()).toHaveLength(1));
    $signedIn.set(null);
    expect(last().closed).toBe(true);
    expect($live.get()).toBe('off');
    stop();
  });

  it('tries again, waiting longer each time, when no ticket comes', async () => {
    const asked: number[] = [];
    const answer = ticket.getMockImplementation();
    ticket.mockImplementation(async () => {
      asked.push(Date.now());
      if (asked.length <= 2) throw new Error('offline');
      return answer?.();
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { $live } = await freshLive();
    const stop = $live.listen(() => {});
    // Fake time: each check moves the clock on (50 ms), past both waits.
    await vi.waitFor(() => expect(opened()).toHaveLength(1), { timeout: 10_000 });
    const [first = 0, second = 0, third = 0] = asked;
    expect([second - first, third - second]).toEqual([1000, 2000]);
    stop();
  });
});
