// Extracts from Stripe's published OpenAPI description (github.com/stripe/openapi) the part
// Yardly calls: the operations below, the schemas they name (followed through every $ref), and
// fixtures3.json's example objects of the resources they answer. Descriptions are left out; all
// else is kept as published. Run it again on a newer description to move the checked copy on:
//
//   node api/test/stripe-openapi/extract.mjs <spec3.json> <fixtures3.json> <commit> <date>
//
// (spec3.yaml of the same commit converted to JSON is the same description.)
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Every call of the Stripe adapter (api/src/modules/payments/stripe) and of Stripe.js's confirm in the tests. */
export const OPERATIONS = {
  '/v1/payment_intents': ['post'],
  '/v1/payment_intents/{intent}': ['get'],
  '/v1/payment_intents/{intent}/confirm': ['post'],
  '/v1/payment_intents/{intent}/capture': ['post'],
  '/v1/payment_intents/{intent}/cancel': ['post'],
  '/v1/payment_methods/{payment_method}': ['get'],
  '/v1/customers': ['post'],
  '/v1/refunds': ['get', 'post'],
  '/v1/accounts': ['post'],
  '/v1/accounts/{account}': ['get', 'post'],
  '/v1/account_links': ['post'],
  '/v1/transfers': ['post'],
  '/v1/transfers/{transfer}': ['get'],
  '/v1/transfers/{id}/reversals': ['post'],
  '/v1/payouts': ['post'],
  '/v1/payouts/{payout}': ['get'],
};

/** The objects the stand-in answers and sends in events, built on the published examples. */
export const RESOURCES = [
  'account',
  'account_link',
  'bank_account',
  'charge',
  'customer',
  'event',
  'payment_intent',
  'payment_method',
  'payout',
  'refund',
  'transfer',
  'transfer_reversal',
];

/** The only expandable field Yardly expands (an intent's card); any other stays an id in the answers. */
const EXPANDED = ['payment_method'];

/**
 * A schema without its descriptions, and without the objects behind expandable fields Yardly
 * never expands: such a field answers an id, so the object's schema is named, not copied.
 */
function withoutDescriptions(value) {
  if (Array.isArray(value)) return value.map(withoutDescriptions);
  if (value === null || typeof value !== 'object') return value;
  if (value['x-expansionResources'] && Array.isArray(value.anyOf)) {
    const { 'x-expansionResources': _, ...rest } = value;
    const anyOf = value.anyOf.map((branch) => {
      const name = branch.$ref?.replace('#/components/schemas/', '');
      return name && !EXPANDED.includes(name)
        ? { type: 'object', title: `${name} (expandable; not extracted)` }
        : branch;
    });
    return withoutDescriptions({ ...rest, anyOf });
  }
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, inner]) => !(key === 'description' && typeof inner === 'string'))
      .map(([key, inner]) => [key, withoutDescriptions(inner)]),
  );
}

function refsIn(value, found = new Set()) {
  if (Array.isArray(value)) for (const inner of value) refsIn(inner, found);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') found.add(inner.replace('#/components/schemas/', ''));
      else refsIn(inner, found);
    }
  }
  return found;
}

function main() {
  const [specFile, fixturesFile, commit, date] = process.argv.slice(2);
  if (!specFile || !fixturesFile || !commit || !date) {
    throw new Error('usage: extract.mjs <spec3.json> <fixtures3.json> <commit> <date>');
  }
  const spec = JSON.parse(readFileSync(specFile, 'utf8'));
  const fixtures = JSON.parse(readFileSync(fixturesFile, 'utf8'));
  const paths = {};
  for (const [path, methods] of Object.entries(OPERATIONS)) {
    paths[path] = {};
    for (const method of methods) {
      const operation = spec.paths[path]?.[method];
      if (!operation) throw new Error(`${method.toUpperCase()} ${path} is not in the description`);
      paths[path][method] = withoutDescriptions({
        operationId: operation.operationId,
        parameters: operation.parameters ?? [],
        ...(operation.requestBody && { requestBody: operation.requestBody }),
        responses: { 200: operation.responses['200'] },
      });
    }
  }
  const schemas = {};
  const queue = [...refsIn(paths), ...RESOURCES];
  while (queue.length > 0) {
    const name = queue.pop();
    if (schemas[name]) continue;
    const schema = spec.components.schemas[name];
    if (!schema) throw new Error(`#/components/schemas/${name} is not in the description`);
    schemas[name] = withoutDescriptions(schema);
    queue.push(...refsIn(schemas[name]));
  }
  const source = { repository: 'stripe/openapi', commit, date, apiVersion: spec.info.version };
  const here = dirname(fileURLToPath(import.meta.url));
  const sorted = (object) => Object.fromEntries(Object.entries(object).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(
    join(here, 'spec3.subset.json'),
    `${JSON.stringify({ source, openapi: spec.openapi, paths, components: { schemas: sorted(schemas) } })}\n`,
  );
  const examples = Object.fromEntries(RESOURCES.map((name) => [name, fixtures.resources[name]]));
  writeFileSync(join(here, 'fixtures3.subset.json'), `${JSON.stringify({ source, resources: examples }, null, 1)}\n`);
  console.log(
    `${Object.keys(paths).length} paths, ${Object.keys(schemas).length} schemas, ${RESOURCES.length} fixtures`,
  );
}

main();
