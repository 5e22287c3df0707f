import { availableParallelism } from 'node:os';

/**
 * At most `size` pieces of work at once; the others wait their turn, first come first served.
 * Heavy reads take turns through one (kept-statements.ts): ten searches at once on a two-core
 * machine run faster three at a time than all together (docs/decisions/0075).
 */
export class Gate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.size) this.running++;
    // The one leaving hands its place straight to the first in line.
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/** One more than the cores: one statement on each core, and one being sent or read while they run. */
export const HEAVY_READS_AT_ONCE = availableParallelism() + 1;
