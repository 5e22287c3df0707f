/**
 * The one source of "now" for every time rule of the api (codes, tokens, throttles, sweeps,
 * timers of the processes, job due times). Rules ask a Clock, never Date.now() or the database's
 * now(), so that a dev clock moved forward moves every rule with it.
 */
export interface Clock {
  now(): Date;
  /**
   * Catches up with a dev clock another api process moved (shared through the database,
   * shared-offset.ts); absent where nothing else can move it. Called before each request and
   * each pass of the job runner.
   */
  refresh?(): Promise<void>;
}

/** A clock that can be moved forward: real time plus an offset that only grows. */
export interface DevClock extends Clock {
  /** Moves now forward by `minutes` (0 or more), in this process only, and answers the new now (in-process tests). */
  advance(minutes: number): Date;
  /** Moves now forward by `minutes` for every api process that shares the clock (POST /svc/dev/clock). */
  moveForward(minutes: number): Promise<Date>;
  /** Stops the clock where it is, so that several events share one instant (in-process tests); `advance` still moves it. */
  hold(): Date;
  /** Lets the clock run again: it jumps to real time plus the offset, never back. */
  release(): void;
}

export const systemClock: Clock = { now: () => new Date() };

/** Where the offset of a dev clock that several api processes share is kept (the database: shared-offset.ts). */
export interface SharedOffset {
  read(): Promise<number>;
  /** Makes the shared offset at least `atLeastMs` (this process's), adds `addMs`, and answers it. */
  add(atLeastMs: number, addMs: number): Promise<number>;
}

/** A dev clock of this process, or, given a shared offset, one that every api process reads alike. */
export function devClock(shared?: SharedOffset): DevClock {
  let offsetMs = 0;
  let heldAt: number | undefined;
  const now = () => new Date(heldAt ?? Date.now() + offsetMs);
  const checked = (minutes: number) => {
    if (!Number.isFinite(minutes) || minutes < 0) throw new RangeError(`the clock only moves forward: ${minutes}`);
    return minutes * 60_000;
  };
  const moveBy = (ms: number) => {
    offsetMs += ms;
    if (heldAt !== undefined) heldAt += ms;
  };
  // The offset only grows: a value read late never moves this clock back.
  const catchUp = (sharedMs: number) => {
    if (sharedMs > offsetMs) moveBy(sharedMs - offsetMs);
  };
  return {
    now,
    advance(minutes) {
      moveBy(checked(minutes));
      return now();
    },
    async moveForward(minutes) {
      const ms = Math.round(checked(minutes));
      if (shared) catchUp(await shared.add(offsetMs, ms));
      else moveBy(ms);
      return now();
    },
    ...(shared && { refresh: async () => catchUp(await shared.read()) }),
    hold() {
      heldAt = now().getTime();
      return new Date(heldAt);
    },
    release() {
      heldAt = undefined;
    },
  };
}

/**
 * Outside production the clock can be moved (the dev clock calls), shared by every api process
 * when given the offset they share; in production it is the system's.
 */
export function clockFor(isProduction: boolean, shared?: SharedOffset): Clock | DevClock {
  return isProduction ? systemClock : devClock(shared);
}

export function isDevClock(clock: Clock): clock is DevClock {
  return typeof (clock as Partial<DevClock>).advance === 'function';
}

/** `ms` milliseconds after (or, negative, before) a time. */
export function addMs(time: Date, ms: number): Date {
  return new Date(time.getTime() + ms);
}
