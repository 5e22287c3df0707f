import type { FieldError } from '@yardly/shared/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

export const NUL_MESSAGE = 'Remove the NUL character (\\u0000): text may not contain it';

/**
 * PostgreSQL cannot store a NUL byte in text: it fails the statement, a 500. Every request's
 * query, path parameters and JSON body are checked once, before any schema or handler sees
 * them, and a NUL anywhere is the client's mistake: 400 naming the field.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const errors: FieldError[] = [];
    for (const part of [request.query, request.params, request.body]) collect(part, '', errors);
    if (errors.length > 0) throw new AppError(400, NUL_MESSAGE, { errors });
  });
}

/** Deeper than any form the contract has: a body nested past it is refused rather than walked. */
export const MAX_NESTING = 64;
export const NESTING_MESSAGE = `The request is nested too deeply (at most ${MAX_NESTING} levels)`;

/**
 * Walked with a list rather than by recursion: a JSON body nested 50,000 levels deep (a few
 * hundred kB) overflowed the stack here, a 500.
 */
function collect(root: unknown, rootPath: string, errors: FieldError[]): void {
  const pending: { value: unknown; path: string; depth: number }[] = [{ value: root, path: rootPath, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path, depth } = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) errors.push({ field: path || 'request', message: NUL_MESSAGE });
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_NESTING) throw new AppError(400, NESTING_MESSAGE, { field: path || 'request' });
    const children = Array.isArray(value) ? [...value.entries()] : Object.entries(value);
    for (const [key] of children) {
      if (typeof key === 'string' && key.includes('\u0000'))
        errors.push({ field: path || 'request', message: NUL_MESSAGE });
    }
    // Pushed last to first, so the fields are reported in their order.
    for (const [key, item] of children.reverse()) {
      pending.push({ value: item, path: path ? `${path}.${key}` : String(key), depth: depth + 1 });
    }
  }
}
