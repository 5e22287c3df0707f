import { existsSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { type UploadRules, withUploadedFile } from './upload';

const rules: UploadRules = {
  fields: new Set(['photo']),
  maxBytes: 1024,
  notMultipart: () => AppError.badRequest('not multipart'),
  missing: () => AppError.badRequest('missing'),
  tooLarge: () => AppError.badRequest('too large'),
};

// A bare app with one upload route: what `use` saw, and the answer's message for a mistake.
const app = Fastify();
let seen: { path: string; bytes: Buffer } | undefined;
let failInUse = false;
/** What `use` saw last (a call, so that TypeScript does not narrow it to the `undefined` just assigned). */
const lastSeen = () => seen;

beforeAll(async () => {
  await app.register(multipart);
  app.post('/upload', async (request, reply) => {
    try {
      return await withUploadedFile(request, rules, async (path) => {
        seen = { path, bytes: readFileSync(path) };
        if (failInUse) throw AppError.badRequest('use failed');
        return { ok: true };
      });
    } catch (error) {
      return reply.status(400).send({ msg: (error as Error).message });
    }
  });
  await app.ready();
});
afterAll(() => app.close());

function form(field: string, bytes: Buffer) {
  const boundary = 'yardlyboundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const post = (body: { payload: Buffer | string; headers: Record<string, string> }) =>
  app.inject({ method: 'POST', url: '/upload', ...body });

describe('an upload streamed to a temporary file', () => {
  it('hands the whole file to `use` on disk, then removes it', async () => {
    seen = undefined;
    failInUse = false;
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
    const res = await post(form('photo', bytes));
    expect(res.json()).toEqual({ ok: true });
    expect(lastSeen()?.bytes.equals(bytes)).toBe(true);
    expect(existsSync(dirname(lastSeen()?.path ?? '/nowhere'))).toBe(false);
  });

  it('removes the file when `use` fails, and `use` answers the failure', async () => {
    seen = undefined;
    failInUse = true;
    const res = await post(form('photo', Buffer.alloc(10, 7)));
    expect(res.json()).toEqual({ msg: 'use failed' });
    expect(lastSeen()).toBeDefined();
    expect(existsSync(dirname(lastSeen()?.path ?? '/nowhere'))).toBe(false);
  });

  it('answers the caller’s mistakes and never calls `use` for them', async () => {
    seen = undefined;
    failInUse = false;
    const cases: [string, Awaited<ReturnType<typeof post>>][] = [
      ['too large', await post(form('photo', Buffer.alloc(1025, 1)))],
      ['missing', await post(form('other', Buffer.alloc(10, 1)))],
      ['not multipart', await post({ payload: '{}', headers: { 'content-type': 'application/json' } })],
      [
        'missing',
        // A body cut short in the middle of the file: no closing boundary.
        await post({
          ...form('photo', Buffer.alloc(10, 1)),
          payload: form('photo', Buffer.alloc(10, 1)).payload.subarray(0, 120),
        }),
      ],
    ];
    for (const [message, res] of cases) expect(res.json()).toEqual({ msg: message });
    expect(seen).toBeUndefined();
  });

  it('takes a file of exactly the limit', async () => {
    failInUse = false;
    const res = await post(form('photo', Buffer.alloc(1024, 3)));
    expect(res.json()).toEqual({ ok: true });
    expect(lastSeen()?.bytes.length).toBe(1024);
  });
});
