import { afterAll, describe, expect, it } from 'vitest';
import { json, startTestApp, type TestApp } from './harness';

const started: TestApp[] = [];
afterAll(() => Promise.all(started.map((t) => t.close())));

describe('offered sign-in providers', () => {
  it('offers none without configuration', async () => {
    const t = await startTestApp();
    started.push(t);
    const res = await t.app.inject({ method: 'GET', url: '/svc/users/social-providers' });
    expect(json(res)).toEqual({ code: 200, data: { providers: [] } });
  });

  it('offers exactly the configured ones', async () => {
    const t = await startTestApp({
      env: {
        OAUTH_LINKEDIN_CLIENT_ID: 'yardly',
        OAUTH_LINKEDIN_CLIENT_SECRET: 'secret',
        OAUTH_GOOGLE_CLIENT_ID: 'yardly',
        OAUTH_GOOGLE_CLIENT_SECRET: 'secret',
      },
    });
    started.push(t);
    const res = await t.app.inject({ method: 'GET', url: '/svc/users/social-providers' });
    expect(json(res)).toEqual({ code: 200, data: { providers: ['google', 'linkedin'] } });
  });
});
