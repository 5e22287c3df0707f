/**
 * Work done from committed rows, a batch at a time (the live relay, the line follower): `kick()`
 * after a commit that left some starts a drain, or, while one runs, has it look once more; a poll
 * kicks it for what nobody here woke it for (rows of a process that died). `batch` answers whether
 * it was full (more may wait), or null when another process holds the work (then it looks again
 * soon, a few times).
 */
export function createDrainLoop(options: {
  batch: () => Promise<boolean | null>;
  onError: (error: unknown) => void;
  pollMs: number;
  /** What a poll asks first (a cheap read); without it, every poll drains. */
  waiting?: () => Promise<boolean>;
  busy?: { retries: number; retryMs: number };
}) {
  const { batch, onError } = options;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = true;
  let poll: NodeJS.Timeout | undefined;

  const drain = async () => {
    let busy = 0;
    while (!stopped) {
      again = false;
      const full = await batch();
      if (full === null) {
        if (++busy > (options.busy?.retries ?? 0)) return;
        await new Promise((resolve) => setTimeout(resolve, options.busy?.retryMs ?? 0));
        continue;
      }
      if (!full && !again) return;
    }
  };

  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch(onError)
      .finally(() => {
        running = undefined;
        if (again) kick();
      });
  };

  const look = () => {
    if (running || !options.waiting) return kick();
    options.waiting().then((some) => some && kick(), onError);
  };

  return {
    kick,
    /** Resolves once no drain runs here (one kicked meanwhile included). */
    async settled(): Promise<void> {
      while (running) await running;
    },
    start(): void {
      stopped = false;
      poll = setInterval(look, options.pollMs);
      poll.unref();
      kick();
    },
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(poll);
      await running;
    },
  };
}
