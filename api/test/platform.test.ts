import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('the envelope and the platform calls', () => {
  it('answers health with the database status', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/svc/health' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ code: 200, data: { db: 'ok' } });
  });

  it('answers an unknown /svc path with a 404 envelope naming it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/svc/no/such/thing?x=1' });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ code: 404, msg: 'There is no GET /svc/no/such/thing' });
  });

  it('answers a malformed URL escape with a 400 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/svc/%ff' });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ code: 400, msg: 'The address has a malformed %-escape' });
  });

  it('answers malformed JSON with a 400 envelope and no internals', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/svc/listing/detailListing/v2',
      headers: { 'content-type': 'application/json' },
      payload: '{"listingRefnum": ',
    });
    expect(res.statusCode).toBe(400);
    const body = json(res);
    expect(body).toEqual({ code: 400, msg: 'The request body is not valid JSON' });
    expect(res.body).not.toMatch(/at .*\.ts|stack|SyntaxError/);
  });

  it('answers invalid parameters with field errors', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/svc/listing/recentItems?size=10000' });
    expect(res.statusCode).toBe(400);
    const body = json<{ code: number; errors: { field: string; message: string }[] }>(res);
    expect(body.code).toBe(400);
    expect(body.errors[0]?.field).toBe('size');
  });

  it('publishes the OpenAPI document generated from the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/svc/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = json<{ openapi: string; paths: Record<string, unknown> }>(res);
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/svc/health',
        '/svc/categories',
        '/svc/categories/all',
        '/svc/categories/properties',
        '/svc/listing/recentItems',
        '/svc/listing/bycategoryrefnum',
        '/svc/listing/detailListing/v2',
      ]),
    );
  });

  it('says the database is down with a 503 envelope when it does not answer', async () => {
    const other = await startTestApp();
    await other.database.close();
    const res = await other.app.inject({ method: 'GET', url: '/svc/health' });
    expect(res.statusCode).toBe(503);
    expect(json(res)).toEqual({ code: 503, msg: 'The database is not answering' });
    await other.close();
  });
});
