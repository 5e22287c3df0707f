import { describe, expect, it } from 'vitest';
import { eventIdOf, isNewEvent, liveUrl, reconnectDelayMs } from './live-connection';

describe('the live stream bookkeeping', () => {
  it('opens with the ticket, and on a reconnect names the last event taken (EventSource sets no Last-Event-ID)', () => {
    expect(liveUrl('a+b/c', null)).toBe('/svc/live?ticket=a%2Bb%2Fc');
    expect(liveUrl('t1', 42)).toBe('/svc/live?ticket=t1&lastEventId=42');
    expect(liveUrl('t1', 0)).toBe('/svc/live?ticket=t1&lastEventId=0');
  });

  it('delivers an event once: at or before the last id taken it is a replay already seen', () => {
    expect(isNewEvent(null, 1)).toBe(true);
    expect(isNewEvent(5, 6)).toBe(true);
    expect(isNewEvent(5, 5)).toBe(false);
    expect(isNewEvent(5, 4)).toBe(false);
  });

  it('reads only the ids the api sends (digits)', () => {
    expect(eventIdOf('17')).toBe(17);
    expect(eventIdOf('')).toBeNull();
    expect(eventIdOf('1e3')).toBeNull();
  });

  it('waits longer after each failure, at most 30 seconds', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(reconnectDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});
