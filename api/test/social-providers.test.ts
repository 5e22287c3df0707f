import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startTestApp, type TestApp } from './harness';

// Apps start in the hook: a start-up can outlast a test's allowance on a busy machine.
let bare: TestApp;
let configured: TestApp;
beforeAll(async () => {
  bare = await startTestApp();
  configured = await startTestApp({
    env: {
      OAUTH_LINKEDIN_CLIENT_ID: 'yardly',
      OAUTH_LINKEDIN_CLIENT_SECRET: 'secret',
      OAUTH_GOOGLE_CLIENT_ID: 'yardly',
      OAUTH_GOOGLE_CLIENT_SECRET: 'secret',
    },
  });
});
afterAll(() => Promise.all([bare?.close(), configured?.close()]));

describe('offered sign-in providers', () => {
  it('offers none without configuration', async () => {
    const res = await bare.app.inject({ method: 'GET', url: '/svc/users/social-providers' });
    expect(json(res)).toEqual({ code: 200, data: { providers: [] } });
  });

  it('offers exactly the configured ones', async () => {
    const res = await configured.app.inject({ method: 'GET', url: '/svc/users/social-providers' });
    expect(json(res)).toEqual({ code: 200, data: { providers: ['google', 'linkedin'] } });
  });
});
