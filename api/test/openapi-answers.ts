import { appendFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import type { FastifyInstance } from 'fastify';

/**
 * Issue 34: every answer the api suites get is checked against the OpenAPI description the api
 * publishes. Each test app records (method, route, status, body) of its JSON answers to a file of
 * its worker's, and writes the description once; the run's global teardown (global-setup.ts) checks
 * them all with `answerProblems`. Appending a line per answer is all a test pays.
 */
export function recordAnswers(app: FastifyInstance, dir: string): void {
  const file = join(dir, `answers-${process.pid}.jsonl`);
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url;
    if (route && typeof payload === 'string' && payload.length < 2_000_000 && payload.startsWith('{'))
      appendFileSync(
        file,
        `${JSON.stringify({ method: request.method, route, status: reply.statusCode, body: payload })}\n`,
      );
    return payload;
  });
}

/** Writes the app's description beside the answers, once per variant (call it once the app is ready). */
export async function writeDescription(app: FastifyInstance, dir: string, variant: string): Promise<void> {
  const doc = join(dir, `openapi-${variant}.json`);
  if (existsSync(doc)) return;
  const res = await app.inject({ method: 'GET', url: '/svc/openapi.json' });
  writeFileSync(doc, res.body);
}

interface Answer {
  method: string;
  route: string;
  status: number;
  body: string;
}
type Operation = { responses?: Record<string, { content?: Record<string, { schema?: object }> }> };
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: object;
}

/**
 * What does not match the description among the answers recorded in `dir`: an answer of a
 * described call whose status is not described, or whose body its schema refuses (5xx answers are
 * the suites' own crash tests, and routes outside the description are not calls). One line each,
 * the first few of each kind.
 */
export function answerProblems(dir: string): { checked: number; problems: string[] } {
  const files = readdirSync(dir);
  const docs = files.filter((f) => f.startsWith('openapi-')).map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')));
  const paths: Document['paths'] = Object.assign({}, ...docs.map((d: Document) => d.paths));
  const components = Object.assign({}, ...docs.map((d: Document) => d.components));
  const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: false });
  const validators = new Map<string, ValidateFunction>();
  const problems = new Map<string, string>();
  let checked = 0;
  for (const file of files.filter((f) => f.startsWith('answers-'))) {
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
      if (!line) continue;
      const answer = JSON.parse(line) as Answer;
      const path = answer.route.replace(/:(\w+)/g, '{$1}');
      const operation = paths[path]?.[answer.method.toLowerCase()];
      if (!operation || answer.status >= 500) continue;
      const statusKey = operation.responses?.[answer.status] ? String(answer.status) : `${String(answer.status)[0]}XX`;
      const call = `${answer.method} ${path} ${answer.status}`;
      const response = operation.responses?.[statusKey];
      if (!response) {
        problems.set(call, `${call}: the status is not described`);
        continue;
      }
      const schema = response.content?.['application/json']?.schema;
      if (!schema) continue;
      const key = `${answer.method} ${path} ${statusKey}`;
      let validate = validators.get(key);
      if (!validate) {
        // The schema compiled with the components beside it: its `#/components/...` refs resolve.
        validate = ajv.compile({ ...schema, components });
        validators.set(key, validate);
      }
      checked += 1;
      if (!validate(JSON.parse(answer.body)) && !problems.has(call))
        problems.set(call, `${call}: ${ajv.errorsText(validate.errors)} in ${answer.body.slice(0, 300)}`);
    }
  }
  return { checked, problems: [...problems.values()] };
}
