import { describe, expect, it, vi } from 'vitest';
import { InFlight } from './in-flight';

describe('InFlight', () => {
  it('counts the work running and settles when the last ends, failed or not', async () => {
    const inFlight = new InFlight();
    expect(await inFlight.settled(10)).toBe(true);
    let endFirst!: () => void;
    let failSecond!: (error: Error) => void;
    const first = inFlight.track(() => new Promise<void>((resolve) => (endFirst = resolve)));
    const second = inFlight.track(() => new Promise<void>((_, reject) => (failSecond = reject)));
    expect(inFlight.count).toBe(2);
    let settled = false;
    const settling = inFlight.settled(10_000).then((all) => {
      settled = true;
      return all;
    });
    endFirst();
    await first;
    expect(settled).toBe(false);
    failSecond(new Error('refused'));
    await expect(second).rejects.toThrow('refused');
    expect(await settling).toBe(true);
    expect(inFlight.count).toBe(0);
  });

  it('stops waiting after its timeout, saying not all ended', async () => {
    // The shutdown's grace is the process's own time, not the app clock: a fake timer moves it.
    vi.useFakeTimers();
    try {
      const inFlight = new InFlight();
      void inFlight.track(() => new Promise<void>(() => {}));
      const settling = inFlight.settled(10_000);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(await settling).toBe(false);
      expect(inFlight.count).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
