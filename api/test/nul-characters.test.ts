import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_NESTING, NESTING_MESSAGE, NUL_MESSAGE } from '../src/http/refuse-nul';
import { startTestApp, type TestApp } from './harness';
import { post, signedUp } from './identity-helpers';

// PostgreSQL cannot store NUL in text: before the guard each of these answered 500.
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  token = (await signedUp(t)).token;
});
afterAll(() => t.close());

describe('a NUL character anywhere in a request', () => {
  it('is a 400 naming the field, in a JSON body', async () => {
    const response = await post(t, '/search/srp', { q: 'lamp\u0000', zip: '10001' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, msg: NUL_MESSAGE, errors: [{ field: 'q', message: NUL_MESSAGE }] });
  });

  it('is a 400 in a query string', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/search/auto-suggest?q=bi%00ke' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'q', message: NUL_MESSAGE }]);
  });

  it('is a 400 deep in a signed-in call, and nothing is written', async () => {
    const address = {
      firstName: 'Ann',
      lastName: 'Lee',
      line1: '1 Main St\u0000',
      city: 'New York',
      state: 'NY',
      zip: '10001',
      phoneNo: '5551234567',
    };
    const response = await post(t, '/svc/account/saveAddress', address, token);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'line1', message: NUL_MESSAGE }]);
    const saved = await t.app.inject({
      method: 'GET',
      url: '/svc/account/fetchAddresses',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(saved.json().data).toEqual([]);
  });

  it('is a 400 in a key, too', async () => {
    const response = await post(t, '/search/srp', { 'q\u0000': 'lamp' });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe(NUL_MESSAGE);
  });
});

// Found by the contract fuzz (contract-fuzz.test.ts): the walk above was recursive.
describe('a body nested deeper than any form', () => {
  it('is a 400 rather than a stack overflow (500)', async () => {
    const deep = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/svc/account/saveAddress',
      payload: deep,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe(NESTING_MESSAGE);
  });

  it('still finds a NUL at the deepest level a form may have', async () => {
    let body: unknown = 'x\u0000';
    for (let i = 0; i < MAX_NESTING - 1; i++) body = [body];
    const response = await post(t, '/search/srp', { q: body });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe(NUL_MESSAGE);
  });
});
