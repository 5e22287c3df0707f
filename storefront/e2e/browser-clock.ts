import type { APIRequestContext, BrowserContext } from '@playwright/test';

// The browsers' clocks follow the lane's dev clock. The api signs tokens and dates by the dev clock,
// which journeys move forward (a day for an offer's expiry, days for a carrier); a person's computer
// and the api agree on the time, so a journey's pages must too. Otherwise a token put in storage
// (fixtures.signInByApi) is read against the wrong clock and a page sends it after it expired: the
// 401s the page checks caught (issue 33). Only `Date` is shifted, never the timers, so a page's
// timers and the page checks' own pause (page-checks.ts) run as they would.

/** The contexts of the running journey, with the origin whose clock they follow. */
const followers = new Map<BrowserContext, string>();
/** How far each server's dev clock is ahead of this machine's, in ms. */
const aheadMs = new Map<string, number>();
/** The lane's server, whose clock the journeys move (playwright.config.ts baseURL). */
let laneOrigin = '';
/** Below this the clocks are taken to agree (the request's own time). */
const AGREE_MS = 500;

/** Shifts the page's `Date` by `skew` ms; run again with a new skew, it changes the shift in place. */
function shiftDate(skew: number): void {
  const w = window as unknown as { __devClockSkew?: (ms: number) => void };
  if (w.__devClockSkew) {
    w.__devClockSkew(skew);
    return;
  }
  let shift = skew;
  const RealDate = Date;
  const now = () => RealDate.now() + shift;
  window.Date = new Proxy(RealDate, {
    construct: (target, args: unknown[]) => (args.length === 0 ? new target(now()) : Reflect.construct(target, args)),
    apply: () => new RealDate(now()).toString(),
    get: (target, key, receiver) => (key === 'now' ? now : Reflect.get(target, key, receiver)),
  });
  w.__devClockSkew = (ms: number) => {
    shift = ms;
  };
}

async function shift(context: BrowserContext, skew: number): Promise<void> {
  // New documents start shifted (the last script added runs last, so the newest skew wins)...
  await context.addInitScript(shiftDate, skew);
  // ...and the open ones are shifted now.
  await Promise.all(context.pages().map((page) => page.evaluate(shiftDate, skew).catch(() => undefined)));
}

async function readAhead(request: APIRequestContext, origin: string): Promise<number> {
  const answer = await request.get(`${origin}/svc/dev/clock`);
  // A server without a dev clock (production) keeps the real time.
  if (!answer.ok()) return 0;
  const { data } = (await answer.json()) as { data: { now: string } };
  const ahead = Date.parse(data.now) - Date.now();
  return Math.abs(ahead) < AGREE_MS ? 0 : ahead;
}

/** Makes `context`'s pages keep `origin`'s dev clock from now on. */
export async function followDevClock(context: BrowserContext, origin: string, request: APIRequestContext) {
  followers.set(context, origin);
  context.once('close', () => followers.delete(context));
  if (!aheadMs.has(origin)) aheadMs.set(origin, await readAhead(request, origin));
  const ahead = aheadMs.get(origin) ?? 0;
  if (ahead !== 0) await shift(context, ahead);
}

/** A journey begins: the lane it runs in. */
export function journeyLane(origin: string): void {
  laneOrigin = origin;
}

/**
 * Before the lane's dev clock moves `minutes` forward: its pages read the new time already. The
 * move runs what came due at once (an offer's expiry) and a page told of it live asks again
 * straight away; by then it must know its token is past its time, so it renews it rather than
 * send it (the api, its clock moved, answers 401). `devClockMoved` then settles the exact skew.
 */
export async function devClockMoving(minutes: number, origin = laneOrigin): Promise<void> {
  const ahead = (aheadMs.get(origin) ?? 0) + minutes * 60_000;
  await Promise.all(
    [...followers].filter(([, followed]) => followed === origin).map(([context]) => shift(context, ahead)),
  );
}

/** After the dev clock of `origin` (the lane's) moved: every page following it reads the new time. */
export async function devClockMoved(request: APIRequestContext, origin = laneOrigin): Promise<void> {
  const ahead = await readAhead(request, origin);
  aheadMs.set(origin, ahead);
  // Pages shifted ahead by `devClockMoving` are set to the exact skew as well.
  await Promise.all(
    [...followers].filter(([, followed]) => followed === origin).map(([context]) => shift(context, ahead)),
  );
}

/** The journey ended: its contexts are gone; what is known of the servers' clocks stays. */
export function forgetContexts(): void {
  followers.clear();
}
