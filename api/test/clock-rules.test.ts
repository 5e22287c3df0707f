import { CODE_TTL_MINUTES } from '@yardly/shared/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devClock } from '../src/clock/clock';
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
