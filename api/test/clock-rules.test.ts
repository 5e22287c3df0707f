import { CODE_TTL_MINUTES } from '@yardly/shared/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devClock } from '../src/clock/clock';
import { databaseClockOffset } from '../src/clock/shared-offset';
import { advanceClock, json, startTestApp, type TestApp } from './harness';
import { freshEmail, GOOD_PASSWORD, lastCode, post, signedUp, startedSignUp } from './identity-helpers';

// The time rules read the app's clock: moving it (POST /svc/dev/clock) is all a test does to let time pass.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { REFRESH_TOKEN_DAYS: '2' } });
});
afterAll(() => t?.close());

describe('the dev clock', () => {
  it('is real time plus what was added, and only moves forward', () => {
    const clock = devClock();
    const before = Date.now();
    expect(clock.now().getTime()).toBeGreaterThanOrEqual(before);
    clock.advance(90);
    expect(clock.now().getTime() - Date.now()).toBeGreaterThanOrEqual(90 * 60_000 - 5);
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(() => clock.advance(Number.NaN)).toThrow(RangeError);
  });

  it('shared through the database, moves for every process that reads it, and never back', async () => {
    // Two api processes' clocks on one database (clock/shared-offset.ts), each a moment behind the other.
    // On PostgreSQL through a second connection pool; the embedded database has one.
    const other = t.databaseUrl ? await startTestApp({ sameDatabaseAs: t }) : undefined;
    try {
      const a = devClock(databaseClockOffset(t.database.db));
      const b = devClock(databaseClockOffset((other ?? t).database.db));
      await Promise.all([a.refresh?.(), b.refresh?.()]);
      const moved = await a.moveForward(120);
      expect(b.now().getTime()).toBeLessThan(moved.getTime()); // b has not looked yet
      await b.refresh?.();
      expect(b.now().getTime()).toBeGreaterThanOrEqual(moved.getTime());
      // A clock moved further in its own process alone: the next move through it starts from there.
      b.advance(60);
      const further = await b.moveForward(10);
      await a.refresh?.();
      expect(a.now().getTime()).toBeGreaterThanOrEqual(further.getTime());
      expect(further.getTime() - moved.getTime()).toBeGreaterThanOrEqual(70 * 60_000);
      await expect(a.moveForward(-1)).rejects.toThrow(RangeError);
    } finally {
      await other?.close();
    }
  });
});

describe('time rules on the clock', () => {
  it(`a mailed code works until ${CODE_TTL_MINUTES} minutes have passed, then not`, async () => {
    const kept = await startedSignUp(t, freshEmail('kept'));
    const lapsed = await startedSignUp(t, freshEmail('lapsed'));
    const keptCode = await lastCode(t, kept);
    const lapsedCode = await lastCode(t, lapsed);

    await advanceClock(t, CODE_TTL_MINUTES - 1);
    expect((await post(t, '/svc/users/verify-email', { email: kept, code: keptCode })).statusCode).toBe(200);
    await advanceClock(t, 1);
    const late = await post(t, '/svc/users/verify-email', { email: lapsed, code: lapsedCode });
    expect(late.statusCode).toBe(400);
    expect(json(late)).toMatchObject({
      errors: [{ field: 'code', message: 'That code has expired or was used; ask for a new one' }],
    });
  });

  it('a locked account opens again once 15 minutes have passed', async () => {
    const person = await signedUp(t);
    const login = (password: string) => post(t, '/svc/users/login', { email: person.email, password });
    for (let i = 0; i < 5; i++) await login('Wrong!pass1');
    expect((await login(GOOD_PASSWORD)).statusCode).toBe(429);
    await advanceClock(t, 14);
    expect((await login(GOOD_PASSWORD)).statusCode).toBe(429);
    await advanceClock(t, 1);
    expect((await login(GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('a login lasts REFRESH_TOKEN_DAYS at most, however often it is refreshed', async () => {
    const person = await signedUp(t);
    const refresh = (refreshToken: string) => post(t, '/svc/users/refreshToken', { refreshToken });
    await advanceClock(t, 24 * 60);
    const day = await refresh(person.refreshToken);
    expect(day.statusCode).toBe(200);
    const next = json<{ data: { refreshToken: string } }>(day).data.refreshToken;
    await advanceClock(t, 24 * 60);
    const over = await refresh(next);
    expect(over.statusCode).toBe(401);
    expect(json(over).code).toBe(499);
  });
});
