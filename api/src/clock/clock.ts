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
}

export const systemClock: Clock = { now: () => new Date() };

export function devClock(): DevClock {
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  return {
    now,
    advance(minutes) {
      if (!Number.isFinite(minutes) || minutes < 0) throw new RangeError(`the clock only moves forward: ${minutes}`);
      offsetMs += minutes * 60_000;
      return now();
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
