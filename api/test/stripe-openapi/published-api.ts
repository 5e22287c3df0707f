import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';

/**
 * Stripe's published API as the tests check against it: the part Yardly calls of Stripe's
 * OpenAPI description and fixtures (stripe/openapi, at the commit `source` names; extract.mjs
 * makes the copy). Requests are read as Stripe reads them (form-encoded, bracketed keys, every
 * value a string), then checked against the operation's published parameters.
 */

type Schema = Record<string, unknown>;
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const here = join(import.meta.dirname);
const spec = JSON.parse(readFileSync(join(here, 'spec3.subset.json'), 'utf8')) as {
  source: { commit: string; date: string; apiVersion: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};
const fixtures = JSON.parse(readFileSync(join(here, 'fixtures3.subset.json'), 'utf8')) as {
  resources: Record<string, Record<string, Json>>;
};

interface Operation {
  operationId: string;
  parameters: { name: string; in: string; required?: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: { 200: { content: { 'application/json': { schema: Schema } } } };
}

export const publishedSource = spec.source;

/**
 * Parameters Stripe published after the copy's version, which the pinned `stripe` package
 * (its API version is newer) sends and declares: `allowed_payment_method_types` replaced
 * `payment_method_types` on PaymentIntent creation (the package has no `payment_method_types`
 * parameter any more). The copy is the newest whole description available offline; its request
 * check skips these names only, and the test proves the package still declares each.
 */
export const NEWER_THAN_THE_COPY: Record<string, string[]> = {
  'POST /v1/payment_intents': ['allowed_payment_method_types'],
};

/**
 * OpenAPI 3.0's `nullable` as JSON Schema says it (Ajv reads no `nullable` beside a bare `$ref`
 * or `anyOf`). A parameter Stripe marks `x-stripeBypassValidation` takes more than its declared
 * type (an account's `external_account`: "either a token … or a dictionary"): that, or an object.
 */
function jsonSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(jsonSchema);
  if (value === null || typeof value !== 'object') return value;
  const { nullable, 'x-stripeBypassValidation': bypass, ...rest } = value as Schema;
  if (bypass) return { anyOf: [jsonSchema({ ...rest, nullable }), { type: 'object' }] };
  const converted = Object.fromEntries(
    Object.entries(rest).map(([key, inner]) => [
      key,
      key === 'properties' || key === 'enum' ? mapValues(inner, key) : jsonSchema(inner),
    ]),
  );
  return nullable ? { anyOf: [converted, { type: 'null' }] } : converted;
}
const mapValues = (inner: unknown, key: string) =>
  key === 'enum' ? inner : Object.fromEntries(Object.entries(inner as Schema).map(([k, v]) => [k, jsonSchema(v)]));

/**
 * What the adapter uses that Stripe published after the copy's version, declared by the pinned
 * `stripe` package (the test proves each from its files): an operation, checked as the resource it
 * answers and with no parameters (retrieving a refund, to re-read one Stripe held); and a field of
 * a resource, checked against the values the package declares (a held refund's `pending_reason`).
 */
export const NEWER_OPERATIONS: Record<string, { answers: string }> = {
  'GET /v1/refunds/{refund}': { answers: 'refund' },
};
export const NEWER_FIELDS: Record<string, Record<string, readonly string[]>> = {
  refund: { pending_reason: ['charge_pending', 'insufficient_funds', 'processing'] },
};

/** A newer operation the request is, by its path template; undefined when the copy holds it or it is unknown. */
function newerOperationOf(method: string, path: string): { template: string; answers: string } | undefined {
  for (const [key, newer] of Object.entries(NEWER_OPERATIONS)) {
    const [verb, template = ''] = key.split(' ');
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    if (verb === method.toUpperCase() && pattern.test(path)) return { template, ...newer };
  }
  return undefined;
}

/** A newer field's value that is not one the package declares. */
function newerFieldProblems(object: Record<string, unknown>): string[] {
  const fields = NEWER_FIELDS[String(object.object)] ?? {};
  return Object.entries(fields)
    .filter(
      ([name, values]) => object[name] !== undefined && object[name] !== null && !values.includes(String(object[name])),
    )
    .map(([name, values]) => `/${name} is ${JSON.stringify(object[name])}, not one of ${values.join(', ')}`);
}

const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
ajv.addSchema({ components: { schemas: jsonSchema(spec.components.schemas) } }, 'stripe');
const resolveRefs = (schema: Schema) =>
  JSON.parse(JSON.stringify(jsonSchema(schema)).replaceAll('"#/components/', '"stripe#/components/'));
const compiled = new Map<Schema, ValidateFunction>();
function validatorOf(schema: Schema): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(resolveRefs(schema));
    compiled.set(schema, validate);
  }
  return validate;
}

function deref(schema: Schema): Schema {
  const ref = schema.$ref as string | undefined;
  return ref ? deref(spec.components.schemas[ref.replace('#/components/schemas/', '')] as Schema) : schema;
}
/** The schema and every branch of its anyOf, each followed through its $ref. */
function branches(schema: Schema): Schema[] {
  const resolved = deref(schema);
  const anyOf = (resolved.anyOf ?? resolved.oneOf) as Schema[] | undefined;
  return anyOf ? anyOf.flatMap(branches) : [resolved];
}

/** `a[b][0]=x` as Stripe reads a form: nested objects, an index is a key. */
function parseForm(params: URLSearchParams): Record<string, Json> {
  const form: Record<string, Json> = {};
  for (const [rawKey, value] of params) {
    const path = rawKey.replace(/\]/g, '').split('[');
    let node = form;
    for (const key of path.slice(0, -1)) {
      if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
      node = node[key] as Record<string, Json>;
    }
    node[path.at(-1) as string] = value;
  }
  return form;
}

/** A form value as the published schema types it: the strings of integers, booleans, arrays. */
function typed(value: Json, schema: Schema): Json {
  const options = branches(schema);
  if (typeof value === 'string') {
    const types = options.map((o) => o.type);
    if (types.includes('integer') && /^-?\d+$/.test(value)) return Number(value);
    if (types.includes('number') && value !== '' && !Number.isNaN(Number(value))) return Number(value);
    if (types.includes('boolean') && (value === 'true' || value === 'false')) return value === 'true';
    return value;
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const keys = Object.keys(value);
    const array = options.find((o) => o.type === 'array');
    if (array && keys.every((k, i) => k === String(i))) {
      return Object.values(value).map((item) => typed(item, (array.items ?? {}) as Schema));
    }
    const object = options.find((o) => o.type === 'object' || o.properties);
    const properties = (object?.properties ?? {}) as Record<string, Schema>;
    const extra = typeof object?.additionalProperties === 'object' ? (object.additionalProperties as Schema) : {};
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typed(v, properties[k] ?? extra)]));
  }
  return value;
}

/** The published operation a request is: its path template and method. */
function operationOf(method: string, path: string): { template: string; operation: Operation } | undefined {
  for (const [template, methods] of Object.entries(spec.paths)) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    const operation = methods[method.toLowerCase()];
    if (pattern.test(path) && operation) return { template, operation };
  }
  return undefined;
}

const describe = (validate: ValidateFunction) =>
  (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);

export interface Exchange {
  method: string;
  path: string;
  query: string;
  body: string;
  status: number;
  answer: Record<string, unknown>;
}

/** What in a request differs from the published operation (unknown operation, parameter, type, a required one missing); empty when it matches. */
export function requestProblems(exchange: Exchange): string[] {
  const found = operationOf(exchange.method, exchange.path);
  if (!found) {
    if (newerOperationOf(exchange.method, exchange.path)) {
      return exchange.query || exchange.body ? ['parameters sent to an operation checked without any'] : [];
    }
    return [`${exchange.method} ${exchange.path} is not a published operation this copy holds`];
  }
  const { operation } = found;
  const problems: string[] = [];
  const query = parseForm(new URLSearchParams(exchange.query));
  const declared = new Map(operation.parameters.filter((p) => p.in === 'query').map((p) => [p.name, p]));
  for (const [name, value] of Object.entries(query)) {
    const parameter = declared.get(name);
    if (!parameter) {
      problems.push(`query parameter ${name} is not published`);
      continue;
    }
    const validate = validatorOf(parameter.schema);
    if (!validate(typed(value, parameter.schema))) problems.push(...describe(validate).map((e) => `${name}${e}`));
  }
  const schema = operation.requestBody?.content['application/x-www-form-urlencoded']?.schema;
  if (exchange.body && !schema) problems.push('a body where none is published');
  if (schema) {
    const form = typed(parseForm(new URLSearchParams(exchange.body)), schema) as Record<string, Json>;
    for (const name of NEWER_THAN_THE_COPY[`${exchange.method} ${found.template}`] ?? []) delete form[name];
    const validate = validatorOf(schema);
    if (!validate(form)) problems.push(...describe(validate));
  }
  return problems;
}

/** What in a 200 answer differs from the operation's published answer; empty when it matches. */
export function answerProblems(exchange: Exchange): string[] {
  const found = operationOf(exchange.method, exchange.path);
  const newer = found ? undefined : newerOperationOf(exchange.method, exchange.path);
  if (newer) {
    return exchange.answer.object === newer.answers
      ? resourceProblems(exchange.answer)
      : [`answers a ${String(exchange.answer.object)}, not a ${newer.answers}`];
  }
  if (!found) return [`${exchange.method} ${exchange.path} is not a published operation this copy holds`];
  const validate = validatorOf(found.operation.responses[200].content['application/json'].schema);
  return validate(exchange.answer) ? newerFieldsWithin(exchange.answer) : describe(validate);
}

/** Whether an object validates as the published resource it names (`object`); the problems if not. */
export function resourceProblems(object: Record<string, unknown>): string[] {
  const name = String(object.object);
  const schema = spec.components.schemas[name];
  if (!schema) return [`${name} is not a resource this copy holds`];
  const validate = validatorOf({ $ref: `#/components/schemas/${name}` });
  return validate(object) ? newerFieldsWithin(object) : describe(validate);
}

/** The newer fields' problems of an object and of every object within it (a list's data, an event's object). */
function newerFieldsWithin(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(newerFieldsWithin);
  if (!value || typeof value !== 'object') return [];
  const object = value as Record<string, unknown>;
  return [...newerFieldProblems(object), ...Object.values(object).flatMap(newerFieldsWithin)];
}

const isRecord = (value: unknown): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `over` laid on `base`: objects merged key by key, anything else (arrays too) taken from `over`. */
function laid(base: Json | undefined, over: Json): Json {
  if (!isRecord(base) || !isRecord(over)) return over;
  const merged: Record<string, Json> = { ...base };
  for (const [key, value] of Object.entries(over)) merged[key] = laid(base[key], value);
  return merged;
}

/**
 * An object as Stripe would answer it: what the stand-in knows laid on the published example of
 * its resource (fixtures3.json), nested objects that name a resource too.
 */
export function fromFixtures<T>(value: T): T {
  const json = value as Json;
  if (Array.isArray(json)) return json.map(fromFixtures) as T;
  if (!isRecord(json)) return value;
  const inner = Object.fromEntries(Object.entries(json).map(([k, v]) => [k, fromFixtures(v)])) as Record<string, Json>;
  const example = typeof json.object === 'string' ? fixtures.resources[json.object] : undefined;
  return (example ? laid(structuredClone(example), inner) : inner) as T;
}

/** A webhook event's envelope as Stripe sends it (the published example's), around `object`. */
export function eventFromFixtures(id: string, type: string, object: Record<string, unknown>): Record<string, unknown> {
  const example = fixtures.resources.event as Record<string, Json>;
  return { ...example, id, type, created: Math.floor(Date.now() / 1000), data: { object: fromFixtures(object) } };
}
