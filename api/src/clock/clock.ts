/**
 * The one source of "now" for every time rule of the api (codes, tokens, throttles, sweeps,
 * timers of the processes, job due times). Rules ask a Clock, never Date.now() or the database's
 * now(), so that a dev clock moved forward moves every rule with it.
 */
export interface Clock {
  now(): Date;
}

/** A clock that can be moved forward: real time plus an offset that only grows. */
export interface DevClock extends Clock {
  /** Moves now forward by `minutes` (0 or more) and answers the new now. */
  advance(minutes: number): Date;
  /** Stops the clock where it is, so that several events share one instant (in-process tests); `advance` still moves it. */
  hold(): Date;
  /** Lets the clock run again: it jumps to real time plus the offset, never back. */
  release(): void;
}

export const systemClock: Clock = { now: () => new Date() };

export function devClock(): DevClock {
  let offsetMs = 0;
  let heldAt: number | undefined;
  const now = () => new Date(heldAt ?? Date.now() + offsetMs);
  return {
    now,
    advance(minutes) {
      if (!Number.isFinite(minutes) || minutes < 0) throw new RangeError(`the clock only moves forward: ${minutes}`);
      offsetMs += minutes * 60_000;
      if (heldAt !== undefined) heldAt += minutes * 60_000;
      return now();
    },
    hold() {
      heldAt = now().getTime();
      return new Date(heldAt);
    },
    release() {
      heldAt = undefined;
    },
  };
}

/** Outside production the clock can be moved (the dev clock calls); in production it is the system's. */
export function clockFor(isProduction: boolean): Clock | DevClock {
  return isProduction ? systemClock : devClock();
}

export function isDevClock(clock: Clock): clock is DevClock {
  return typeof (clock as Partial<DevClock>).advance === 'function';
}

/** `ms` milliseconds after (or, negative, before) a time. */
export function addMs(time: Date, ms: number): Date {
  return new Date(time.getTime() + ms);
}
