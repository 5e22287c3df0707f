import { type Call, failureEnvelopeSchema, type LoginData, successBodySchema } from '@yardly/shared/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { adminResourceOf, type ContractCall, contractCalls } from './contract-calls';
import { startTestApp, type TestApp } from './harness';
import { freshEmail, signedUp } from './identity-helpers';
import { withRoles } from './role-helpers';
import { draftRef, image, multipart, publishedListing, subCategory } from './selling-helpers';
import { hostileValue, mutatedOf, validOf } from './zod-arbitraries';

/*
 * The contract, fuzzed: every call of every exported call map, with requests generated from its
 * own zod schemas (valid values, then mutated and hostile ones, raw bodies no parser should
 * trust), as anonymous, as a signed-in user and, for admin calls, as an admin. No answer may be
 * a 5xx, and every answer must be the envelope the contract declares.
 *
 * Uploads are not fuzzed from a schema (their body is a file): they get a fixed set of hostile
 * multipart bodies instead. The dev clock calls run last, since moving the clock ages the tokens.
 *
 * The seed is fixed so a failure replays: FUZZ_SEED=<n> tries another.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_416);
const TOTAL_REQUESTS = 5_200;

type Role = 'anonymous' | 'user' | 'admin' | 'forged';

interface FuzzRequest {
  role: Role;
  query: string;
  body?: { json: unknown } | { raw: string; contentType: string };
}

let t: TestApp;
let user: LoginData;
let admin: LoginData;
let refnums: string[];

beforeAll(async () => {
  t = await startTestApp();
  user = await signedUp(t, freshEmail('fuzzed'));
  admin = await withRoles(t, await signedUp(t, freshEmail('fuzz-admin')), ['ROLE_USER', 'ROLE_ADMIN']);
  // Real refnums half the time, so valid requests reach past the "no such thing" answers.
  const listing = await publishedListing(t, user.token);
  refnums = [listing, await draftRef(t, user.token), await subCategory(t, 'Dinnerware & Glassware'), user.userRefnum];
  console.log(`contract fuzz: seed ${SEED} (set FUZZ_SEED=${SEED} to replay this run)`);
});
afterAll(() => t?.close());

const FORGED_AUTHORIZATIONS = [
  'Bearer x.y.z',
  'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
  `Bearer ${'a'.repeat(8_000)}`,
  'Basic dXNlcjpwYXNz',
  'Bearer',
  'Bearer  two  spaces',
];

const RAW_BODIES: { raw: string; contentType: string }[] = [
  { raw: '{"a":', contentType: 'application/json' },
  { raw: 'NaN', contentType: 'application/json' },
  { raw: '', contentType: 'application/json' },
  { raw: '{"__proto__":{"polluted":true}}', contentType: 'application/json' },
  { raw: '{"constructor":{"prototype":{"polluted":true}}}', contentType: 'application/json' },
  { raw: '{"n":1e999999}', contentType: 'application/json' },
  { raw: `${'['.repeat(50_000)}${']'.repeat(50_000)}`, contentType: 'application/json' },
  { raw: `${'{"a":'.repeat(30_000)}1${'}'.repeat(30_000)}`, contentType: 'application/json' },
  { raw: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { raw: 'hello', contentType: 'text/plain' },
  { raw: '{"a":1}', contentType: 'application/json; charset=utf-16' },
  { raw: '<x/>', contentType: 'application/xml' },
];

const MALFORMED_QUERIES = ['%E0%A4%A', '%', 'a[b]=1&a[c]=2', 'a=1&a=2&a=3', `q=${'%00'.repeat(3)}`, '__proto__[x]=1'];

/** A value as a query string: what a browser or a script could put after `?`. */
function toQuery(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return `value=${encodeURIComponent(JSON.stringify(value) ?? '')}`;
  }
  const params = new URLSearchParams();
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined) continue;
    for (const one of Array.isArray(item) ? item : [item]) {
      params.append(key, typeof one === 'object' && one !== null ? JSON.stringify(one) : String(one));
    }
  }
  return params.toString();
}

/** Valid, mutated or hostile values for one schema. */
function inputsOf(schema: NonNullable<Call['body']>) {
  const options = { refnums };
  return fc.oneof(
    { weight: 3, arbitrary: validOf(schema, options) },
    { weight: 5, arbitrary: mutatedOf(schema, options) },
    { weight: 2, arbitrary: hostileValue },
  );
}

function requestsOf({ call }: ContractCall): fc.Arbitrary<FuzzRequest> {
  const roles: Role[] = adminResourceOf(call)
    ? ['anonymous', 'user', 'admin', 'forged']
    : ['anonymous', 'user', 'forged'];
  const query = call.query
    ? fc.oneof(
        { weight: 9, arbitrary: inputsOf(call.query).map(toQuery) },
        { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_QUERIES) },
      )
    : fc.oneof(
        { weight: 4, arbitrary: fc.constant('') },
        { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_QUERIES) },
      );
  const body = call.body
    ? fc.oneof(
        { weight: 9, arbitrary: inputsOf(call.body).map((json) => ({ json })) },
        { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES) },
      )
    : call.method === 'GET'
      ? fc.constant(undefined)
      : fc.option(fc.constantFrom(...RAW_BODIES), { nil: undefined });
  return fc.record({ role: fc.constantFrom(...roles), query, body }, { requiredKeys: ['role', 'query'] });
}

function headersFor(role: Role, index: number): Record<string, string> {
  if (role === 'user') return { authorization: `Bearer ${user.token}` };
  if (role === 'admin') return { authorization: `Bearer ${admin.token}` };
  if (role === 'forged')
    return { authorization: FORGED_AUTHORIZATIONS[index % FORGED_AUTHORIZATIONS.length] as string };
  return {};
}

const successSchemas = new Map<Call, z.ZodType>();
/** Built once a call: zod compiles a schema on its first parse. */
function successSchemaOf(call: Call): z.ZodType {
  const schema = successSchemas.get(call) ?? successBodySchema(call);
  successSchemas.set(call, schema);
  return schema;
}

/** Why an answer is not what the contract promises, or undefined when it is. */
function answerProblem(
  call: Call | undefined,
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
) {
  if (res.statusCode >= 500) return `answered ${res.statusCode}: ${res.body.slice(0, 300)}`;
  if (!String(res.headers['content-type']).startsWith('application/json')) {
    return `answered ${res.statusCode} as ${String(res.headers['content-type'])}, not the JSON envelope`;
  }
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `answered ${res.statusCode} with a body that is not JSON: ${res.body.slice(0, 200)}`;
  }
  const ok = res.statusCode >= 200 && res.statusCode < 300;
  const schema = ok && call ? successSchemaOf(call) : failureEnvelopeSchema;
  const parsed = schema.safeParse(body);
  if (!parsed.success) return `answered ${res.statusCode} outside the envelope: ${res.body.slice(0, 300)}`;
  if (!ok && (body as { code: number }).code === 200) return `answered ${res.statusCode} with code 200`;
  return undefined;
}

/** A request as a failure report shows it: long strings cut, so the report stays readable. */
function describeRequest(method: string, url: string, role: Role, body: FuzzRequest['body']): string {
  const shown = JSON.stringify(body ?? null, (_key, value) =>
    typeof value === 'string' && value.length > 80 ? `${value.slice(0, 80)}…(${value.length} chars)` : value,
  );
  return `${role} ${method} ${url.length > 200 ? `${url.slice(0, 200)}…` : url} body ${shown.slice(0, 400)}`;
}

describe('the contract, fuzzed', () => {
  it(`answers at least 5,000 generated requests without a 5xx, each in the envelope (seed ${SEED})`, async () => {
    const calls = contractCalls();
    const fuzzed = calls.filter(({ call }) => !call.upload);
    // The clock calls last: moving the clock ages every token.
    fuzzed.sort((a, b) => Number(a.call.path.startsWith('/dev/')) - Number(b.call.path.startsWith('/dev/')));
    const perCall = Math.ceil(TOTAL_REQUESTS / fuzzed.length);
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;

    const uploads = calls.filter(({ call }) => call.upload);
    for (const { call, url } of uploads) {
      for (const [i, hostile] of (await hostileUploads(call.upload ?? 'file')).entries()) {
        for (const role of ['anonymous', 'user'] as const) {
          const target = `${url}?inputSourceRandomRefnum=${refnums[1]}&picno=${(i % 4) + 1}`;
          const res = await t.app.inject({
            method: call.method,
            url: target,
            payload: hostile.payload,
            headers: { ...headersFor(role, i), 'content-type': hostile.contentType },
          });
          sent += 1;
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const problem = answerProblem(call, res);
          if (problem) problems.push(`${role} upload ${hostile.name} to ${url} ${problem}`);
        }
      }
    }

    for (const [index, entry] of fuzzed.entries()) {
      const { call, url } = entry;
      const samples = fc.sample(requestsOf(entry), { seed: SEED + index, numRuns: perCall });
      for (const [i, request] of samples.entries()) {
        const target = request.query ? `${url}?${request.query}` : url;
        const body = request.body;
        const contentType = body ? ('raw' in body ? body.contentType : 'application/json') : undefined;
        const res = await t.app.inject({
          method: call.method,
          url: target,
          headers: { ...headersFor(request.role, i), ...(contentType && { 'content-type': contentType }) },
          ...(body && { payload: 'raw' in body ? body.raw : (JSON.stringify(body.json) ?? 'null') }),
        });
        sent += 1;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const problem = answerProblem(call, res);
        if (problem)
          problems.push(
            `${entry.name} (sample ${i}): ${describeRequest(call.method, target, request.role, body)} ${problem}`,
          );
      }
    }

    console.log(
      `contract fuzz: ${sent} requests to ${fuzzed.length} calls and ${uploads.length} uploads, seed ${SEED}; answers by status: ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
    );
    expect(sent).toBeGreaterThanOrEqual(5_000);
    expect(problems.slice(0, 20), `${problems.length} answers broke the contract (seed ${SEED})`).toEqual([]);
  }, 600_000);
});

/** Multipart bodies no upload should choke on. */
async function hostileUploads(field: string) {
  const png = await image(8, 8, 'png');
  const good = await multipart(png, field, 'photo.png', 'image/png');
  const contentType = good.headers['content-type'];
  const boundary = contentType.split('boundary=')[1] ?? 'x';
  const part = (headers: string, data: string | Buffer) =>
    Buffer.concat([Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`), Buffer.from(data), Buffer.from('\r\n')]);
  const end = Buffer.from(`--${boundary}--\r\n`);
  const file = (name: string, filename: string, type: string) =>
    `Content-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}`;
  return [
    { name: 'an empty multipart body', payload: end, contentType },
    { name: 'no body', payload: '', contentType },
    { name: 'a body cut in half', payload: good.payload.subarray(0, good.payload.length / 2), contentType },
    { name: 'a wrong boundary', payload: good.payload, contentType: 'multipart/form-data; boundary=nope' },
    { name: 'no boundary', payload: good.payload, contentType: 'multipart/form-data' },
    { name: 'JSON instead', payload: '{"photo":"x"}', contentType: 'application/json' },
    {
      name: 'text named .jpg',
      payload: Buffer.concat([part(file(field, 'a.jpg', 'image/jpeg'), 'not an image'), end]),
      contentType,
    },
    { name: 'an empty file', payload: Buffer.concat([part(file(field, 'a.png', 'image/png'), ''), end]), contentType },
    {
      name: 'a field, no file',
      payload: Buffer.concat([part(`Content-Disposition: form-data; name="${field}"`, 'x'), end]),
      contentType,
    },
    {
      name: 'the file under another name',
      payload: Buffer.concat([part(file('other', 'a.png', 'image/png'), png), end]),
      contentType,
    },
    {
      name: 'two files',
      payload: Buffer.concat([
        part(file(field, 'a.png', 'image/png'), png),
        part(file(field, 'b.png', 'image/png'), png),
        end,
      ]),
      contentType,
    },
    {
      name: 'a hostile file name',
      payload: Buffer.concat([part(file(field, `../../${'x'.repeat(5_000)}\u202E.png`, 'image/png'), png), end]),
      contentType,
    },
    {
      name: 'a NUL in the part headers',
      payload: Buffer.concat([part(file(field, 'a\u0000.png', 'image/png'), png), end]),
      contentType,
    },
    {
      name: 'a truncated PNG',
      payload: Buffer.concat([part(file(field, 'a.png', 'image/png'), png.subarray(0, 20)), end]),
      contentType,
    },
  ];
}
