/**
 * The contract calls whose handlers are still running. Closing the server waits for its
 * connections, not for handlers whose client has gone (a browser closed mid-search, a load
 * balancer's timeout): the process waits for those too before it closes the database, so none is
 * cut off half-way with "Cannot use a pool after calling end on the pool".
 */
export class InFlight {
  private running = 0;
  private readonly onIdle: (() => void)[] = [];

  get count(): number {
    return this.running;
  }

  async track<T>(work: () => Promise<T>): Promise<T> {
    this.running++;
    try {
      return await work();
    } finally {
      this.running--;
      if (this.running === 0) for (const resolve of this.onIdle.splice(0)) resolve();
    }
  }

  /** Resolves once none is running, or after `timeoutMs` whatever is still running (true when all ended). */
  settled(timeoutMs: number): Promise<boolean> {
    if (this.running === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.onIdle.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The contract calls running now (register-call.ts); server.ts waits for them when stopping. */
    inFlight: InFlight;
  }
}
