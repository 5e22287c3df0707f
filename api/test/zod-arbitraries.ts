import { REFNUM_PATTERN } from '@yardly/shared/contract';
import fc from 'fast-check';
import type { z } from 'zod';

/*
 * fast-check arbitraries from the contract's zod 4 schemas, read through `schema._zod.def` (zod
 * 4's documented introspection for library authors). zod-fast-check supports zod 3 only, so
 * this walks the types the contract uses: string (lengths, regex and formats), number (bounds,
 * int, coerce), boolean, enum, literal, object, array, record, optional, nullable, default,
 * catch, pipe (transforms, preprocess), union, intersection, lazy and unknown. Refinements are
 * business rules: a value may break one, and the api must answer that with a 400 too.
 */

interface Def {
  type: string;
  [key: string]: unknown;
}
interface CheckDef {
  check: string;
  [key: string]: unknown;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): CheckDef[] =>
  ((def.checks as { _zod: { def: CheckDef } }[] | undefined) ?? []).map((check) => check._zod.def);

export interface ArbitraryOptions {
  /** Real refnums (a listing, a draft, a category) used in place of random ones half the time. */
  refnums?: readonly string[];
}

/** Values the schema means to accept (its refinements aside). */
export function validOf(schema: z.ZodType, options: ArbitraryOptions = {}, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (s: unknown) => validOf(s as z.ZodType, options, depth + 1);
  switch (def.type) {
    case 'string':
      return stringOf(def, options);
    case 'number':
      return numberOf(def);
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string | number>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const required = Object.keys(shape).filter((key) => !canOmit(shape[key] as z.ZodType));
      const fields = Object.fromEntries(Object.entries(shape).map(([key, s]) => [key, inner(s)]));
      return fc.record(fields, { requiredKeys: required });
    }
    case 'array': {
      const { min, max } = lengths(def);
      return fc.array(inner(def.element), { minLength: min, maxLength: Math.min(max, min + 4) });
    }
    case 'record':
      return fc.dictionary(inner(def.keyType) as fc.Arbitrary<string>, inner(def.valueType), { maxKeys: 3 });
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.option(inner(def.innerType), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(inner(def.innerType), { nil: null, freq: 4 });
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return inner(def.innerType);
    case 'pipe':
      // A preprocess (transform in front) accepts what its output schema does; `x.transform(f)` accepts x.
      return defOf(def.in as z.ZodType).type === 'transform' ? inner(def.out) : inner(def.in);
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map(inner));
    case 'intersection':
      return fc.tuple(inner(def.left), inner(def.right)).map(([a, b]) => ({ ...(a as object), ...(b as object) }));
    case 'lazy':
      return depth > 6 ? fc.constant(undefined) : inner((def.getter as () => z.ZodType)());
    default:
      // unknown, any, transform: anything JSON can carry.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function canOmit(schema: z.ZodType): boolean {
  const type = defOf(schema).type;
  return type === 'optional' || type === 'default' || type === 'prefault' || type === 'catch';
}

function lengths(def: Def): { min: number; max: number } {
  let min = 0;
  let max = 60;
  for (const check of checksOf(def)) {
    if (check.check === 'min_length') min = check.minimum as number;
    if (check.check === 'max_length') max = check.maximum as number;
    if (check.check === 'length_equals') min = max = check.length as number;
  }
  return { min, max: Math.max(min, max) };
}

function stringOf(def: Def, options: ArbitraryOptions): fc.Arbitrary<string> {
  const { min, max } = lengths(def);
  const patterns = checksOf(def)
    .filter((check) => check.check === 'string_format' && check.pattern instanceof RegExp)
    .map((check) => check.pattern as RegExp);
  if (def.pattern instanceof RegExp) patterns.push(def.pattern);
  if (def.format === 'url') return fc.webUrl();
  const pattern = patterns[0];
  if (pattern) {
    const matching = matchingOrNull(pattern);
    const isRefnum = pattern.source === REFNUM_PATTERN.source;
    if (isRefnum && options.refnums?.length) {
      return fc.oneof(matching ?? fc.constant('L0000000000A'), fc.constantFrom(...options.refnums));
    }
    if (matching) return matching;
  }
  return fc.string({ minLength: min, maxLength: Math.min(max, min + 40) });
}

/** fast-check cannot build some patterns (lookaheads); those fall back to plain strings. */
function matchingOrNull(pattern: RegExp): fc.Arbitrary<string> | null {
  try {
    return fc.stringMatching(pattern);
  } catch {
    return null;
  }
}

function numberOf(def: Def): fc.Arbitrary<number> {
  let min = -1e6;
  let max = 1e6;
  let integer = false;
  for (const check of checksOf(def)) {
    if (check.check === 'greater_than') min = (check.value as number) + (check.inclusive ? 0 : 1);
    if (check.check === 'less_than') max = (check.value as number) - (check.inclusive ? 0 : 1);
    if (check.check === 'number_format') integer = String(check.format).includes('int');
  }
  return integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

// ---- Hostile values: what no schema means to accept ----

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0001\u0007\b\u001b[31m\u007f',
  '\uD800',
  'x\uDFFFy',
  '\uFEFF',
  '\u202Eevil',
  '𝕐𝕒𝕣𝕕𝕝𝕪 👩‍👩‍👧‍👦 ﷽',
  "' OR 1=1 --",
  "'); drop table users; --",
  '%',
  '_',
  '\\',
  '%00',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  '$'.concat('{7*7}{{7*7}}'), // a template injection's probe
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x1F',
  '99999999999999999999999999',
  'null',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'L0000000000A',
] as const;

const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom('\u0000', '\t', '\n', '\r', '\u001f', '\u2028', '\uD83D'), maxLength: 20 }),
  // Huge: up to 200 kB (the body limit is 1 MB).
  fc.integer({ min: 1_000, max: 200_000 }).map((n) => 'ẍ'.repeat(n)),
);

const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(-1, -0, 0.5, -1e-300, 1e308, -1e308, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), Number.MAX_VALUE),
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** An array or object nested `depth` levels deep. */
const nested = fc.tuple(fc.integer({ min: 20, max: 3_000 }), fc.boolean()).map(([depth, arrays]) => {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = arrays ? [value] : { a: value };
  return value;
});

/** Keys that poison a prototype where a parser or a merge is careless. */
const POISON_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

const poisoned = fc.constantFrom(...POISON_KEYS).map((key) => {
  const value: Record<string, unknown> = {};
  // A computed key makes an own property, which JSON.stringify writes out.
  Object.defineProperty(value, key, { value: { polluted: true, prototype: { polluted: true } }, enumerable: true });
  return value;
});

const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null));

/** Any value a careless client or an attacker could send where a field is expected. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileScalar },
  { weight: 1, arbitrary: fc.array(hostileScalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: poisoned },
  { weight: 1, arbitrary: nested },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** What a mutation does to one valid value. */
type Mutation = 'drop' | 'extra' | 'replace' | 'wrap' | 'poison';

/**
 * A valid value, then broken one way: a field dropped, an extra or prototype-poisoning field
 * added, a field replaced by a hostile value or by an array of itself.
 */
export function mutatedOf(schema: z.ZodType, options: ArbitraryOptions = {}): fc.Arbitrary<unknown> {
  return fc
    .tuple(
      validOf(schema, options),
      fc.constantFrom<Mutation>('drop', 'extra', 'replace', 'replace', 'wrap', 'poison'),
      fc.nat(),
      hostileValue,
      fc.oneof(fc.constantFrom(...POISON_KEYS), fc.string({ maxLength: 12 })),
    )
    .map(([valid, mutation, pick, hostile, extraKey]) => {
      if (typeof valid !== 'object' || valid === null || Array.isArray(valid)) {
        return mutation === 'wrap' ? [valid] : hostile;
      }
      const value = { ...(valid as Record<string, unknown>) };
      const keys = Object.keys(value);
      const key = keys.length ? (keys[pick % keys.length] as string) : extraKey;
      if (mutation === 'drop') delete value[key];
      if (mutation === 'replace') value[key] = hostile;
      if (mutation === 'wrap') value[key] = [value[key]];
      if (mutation === 'extra' || mutation === 'poison') {
        const name = mutation === 'poison' ? (POISON_KEYS[pick % POISON_KEYS.length] as string) : extraKey;
        Object.defineProperty(value, name, { value: hostile, enumerable: true, writable: true, configurable: true });
      }
      return value;
    });
}

/** The fields of an object schema, through its optional, default and pipe wrappers (none: not an object). */
export function fieldsOf(schema: z.ZodType): Record<string, z.ZodType> {
  const def = defOf(schema);
  if (def.type === 'object') return def.shape as Record<string, z.ZodType>;
  if (def.type === 'pipe') return fieldsOf(def.in as z.ZodType);
  if ('innerType' in def) return fieldsOf(def.innerType as z.ZodType);
  return {};
}
