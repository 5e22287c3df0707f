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

  it('says integer for every amount of money in the OpenAPI document (cents everywhere)', async () => {
    const doc = json<Record<string, unknown>>(await t.app.inject({ method: 'GET', url: '/svc/openapi.json' }));
    const amounts = moneyAmounts(doc);
    const names = new Set(amounts.map((a) => a.name));
    // The walk reaches the amounts going in and coming out.
    for (const name of ['listingPrice', 'listingCurrentPrice', 'minPrice', 'maxPrice']) expect(names).toContain(name);
    expect(amounts.filter((a) => a.types.some((type) => type !== 'integer' && type !== 'null'))).toEqual([]);
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

/** Words that name an amount of money when they end a property's name (listingPrice, amountCents, ...). */
const MONEY_WORDS = new Set(['price', 'amount', 'cents', 'total', 'fee', 'commission', 'payout', 'balance', 'cost']);

function isMoneyName(name: string): boolean {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[\s_-]+/);
  return MONEY_WORDS.has(words.at(-1) ?? '');
}

type Schema = Record<string, unknown>;

/** The types a scalar schema allows (following $ref and anyOf/oneOf); [] for an object or array. */
function scalarTypes(doc: Schema, schema: Schema): string[] {
  if (typeof schema.$ref === 'string') {
    const target = schema.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((node, key) => (node as Schema | undefined)?.[key], doc);
    return scalarTypes(doc, (target ?? {}) as Schema);
  }
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (branches) return branches.flatMap((branch) => scalarTypes(doc, branch));
  const types = ([] as unknown[]).concat(schema.type ?? 'unknown') as string[];
  return types.some((type) => type === 'object' || type === 'array') ? [] : types;
}

/** Every property or parameter of the document whose name says money, with the types it allows. */
function moneyAmounts(doc: Schema): { name: string; types: string[] }[] {
  const found: { name: string; types: string[] }[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const schema = node as Schema;
    if (schema.properties && typeof schema.properties === 'object') {
      for (const [name, property] of Object.entries(schema.properties as Record<string, Schema>)) {
        if (isMoneyName(name)) found.push({ name, types: scalarTypes(doc, property) });
      }
    }
    if (typeof schema.name === 'string' && schema.in && schema.schema && isMoneyName(schema.name)) {
      found.push({ name: schema.name, types: scalarTypes(doc, schema.schema as Schema) });
    }
    for (const value of Object.values(schema)) visit(value);
  };
  visit(doc);
  return found;
}
