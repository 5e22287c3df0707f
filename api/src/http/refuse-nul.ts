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

function collect(value: unknown, path: string, errors: FieldError[]): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) errors.push({ field: path || 'request', message: NUL_MESSAGE });
  } else if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) collect(item, path ? `${path}.${i}` : String(i), errors);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) errors.push({ field: path || 'request', message: NUL_MESSAGE });
      collect(item, path ? `${path}.${key}` : key, errors);
    }
  }
}
