import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';
import { answerProblems } from './openapi-answers';

// The run's last check (global-setup.ts) holds every recorded answer against the description:
// here, that it reports an answer the description does not allow, and passes one it does.

let t: TestApp;
let dir: string;

beforeAll(async () => {
  t = await startTestApp();
  dir = mkdtempSync(join(tmpdir(), 'yardly-answers-check-'));
  writeFileSync(
    join(dir, 'openapi-plain.json'),
    (await t.app.inject({ method: 'GET', url: '/svc/openapi.json' })).body,
  );
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const line = (route: string, status: number, body: unknown) =>
  `${JSON.stringify({ method: 'GET', route, status, body: JSON.stringify(body) })}\n`;

describe('answers against the OpenAPI description', () => {
  it('passes live answers (the category tree, a refusal) and reports one the description does not allow', async () => {
    const tree = await t.app.inject({ method: 'GET', url: '/svc/categories/all' });
    const refused = await t.app.inject({ method: 'GET', url: '/svc/orders/nope' });
    writeFileSync(
      join(dir, 'answers-1.jsonl'),
      line('/svc/categories/all', 200, JSON.parse(tree.body)) +
        line('/svc/orders/:orderId', refused.statusCode, JSON.parse(refused.body)),
    );
    expect(answerProblems(dir)).toEqual({ checked: 2, problems: [] });

    writeFileSync(
      join(dir, 'answers-2.jsonl'),
      line('/svc/categories/all', 200, { code: 200, data: [{ categoryTitle: 7 }] }) +
        line('/svc/categories', 201, { code: 200, data: [] }) +
        line('/svc/categories', 404, { code: 404, msg: 12 }),
    );
    const { problems } = answerProblems(dir);
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^GET \/svc\/categories\/all 200: /);
    expect(problems[1]).toBe('GET /svc/categories 201: the status is not described');
    expect(problems[2]).toMatch(/^GET \/svc\/categories 404: data\/msg must be string/);
  });
});
