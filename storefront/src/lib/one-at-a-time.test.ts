import { describe, expect, it } from 'vitest';
import { oneAtATime } from './one-at-a-time';

/** A read that waits until the test lets it finish. */
function controlledRead() {
  const started: (() => void)[] = [];
  let runs = 0;
  const run = () =>
    new Promise<void>((resolve) => {
      runs += 1;
      started.push(resolve);
    });
  return { run, finishNext: () => started.shift()?.(), runs: () => runs };
}

describe('oneAtATime', () => {
  it('runs once more after the running read when asked meanwhile, however often asked', async () => {
    const read = controlledRead();
    const ask = oneAtATime(read.run);
    const first = ask();
    const second = ask();
    void ask();
    expect(read.runs()).toBe(1);
    read.finishNext();
    await Promise.resolve();
    await Promise.resolve();
    expect(read.runs()).toBe(2);
    read.finishNext();
    await Promise.all([first, second]);
    expect(read.runs()).toBe(2);
  });

  it('starts afresh once idle, and after a failed read', async () => {
    let runs = 0;
    const ask = oneAtATime(async () => {
      runs += 1;
      if (runs === 1) throw new Error('offline');
    });
    await expect(ask()).rejects.toThrow('offline');
    await ask();
    expect(runs).toBe(2);
  });
});
