import { describe, expect, it } from 'vitest';
import { Gate } from './read-gate';

/** Work that ends when `finish` is called, recording when it started. */
function pending(started: number[], name: number) {
  let finish!: (fail?: boolean) => void;
  const work = () =>
    new Promise<number>((resolve, reject) => {
      started.push(name);
      finish = (fail) => (fail ? reject(new Error(`work ${name} failed`)) : resolve(name));
    });
  return { work, finish: (fail?: boolean) => finish(fail) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('Gate', () => {
  it('runs at most its size at once, the others in the order they came', async () => {
    const gate = new Gate(2);
    const started: number[] = [];
    const works = [1, 2, 3, 4].map((name) => pending(started, name));
    const results = works.map(({ work }) => gate.run(work));
    await settle();
    expect(started).toEqual([1, 2]);
    works[1]?.finish();
    await settle();
    expect(started).toEqual([1, 2, 3]);
    works[0]?.finish();
    await settle();
    expect(started).toEqual([1, 2, 3, 4]);
    works[2]?.finish();
    works[3]?.finish();
    expect(await Promise.all(results)).toEqual([1, 2, 3, 4]);
  });

  it('frees the place of work that fails, and passes the failure on', async () => {
    const gate = new Gate(1);
    const started: number[] = [];
    const first = pending(started, 1);
    const second = pending(started, 2);
    const failing = gate.run(first.work);
    const next = gate.run(second.work);
    await settle();
    first.finish(true);
    await expect(failing).rejects.toThrow('work 1 failed');
    await settle();
    expect(started).toEqual([1, 2]);
    second.finish();
    expect(await next).toBe(2);
    // Nothing is left holding a place: a third runs at once.
    const third = pending(started, 3);
    const last = gate.run(third.work);
    await settle();
    expect(started).toEqual([1, 2, 3]);
    third.finish();
    await last;
  });
});
