import type { FailureEnvelope, FieldError } from '@yardly/shared/contract';
import { genericMessages } from '@yardly/shared/rules';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isLostRace } from '../db/unique';
import { AppError } from '../errors';

const SERVER_ERROR_MESSAGE = 'Something went wrong on our side, please try again in a moment';

/** Fastify's own client errors, said in words a client can act on. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'The request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'The request body is empty but says it is JSON' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'The request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'This content type is not accepted here' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'The Content-Length header does not match the body' },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, message: 'The request could not be matched' },
  FST_ERR_BAD_URL: { status: 400, message: 'The address has a malformed %-escape' },
};

/** Every throw becomes the envelope; a 5xx never carries a stack, SQL or internals. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = toEnvelope(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    // A lock order two paths disagree on shows here: kept in the log although the person gets a 409.
    else if (isLostRace(error)) request.log.warn({ err: error }, 'request lost a race in the database');
    return reply.status(status).send(body);
  });
}

export function toEnvelope(error: FastifyError | Error): { status: number; body: FailureEnvelope } {
  if (error instanceof AppError) {
    const body = { code: error.code, msg: error.message, errors: error.errors };
    return { status: error.status, body: error.reason ? { ...body, error: error.reason } : body };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const where = (error as FastifyError).validationContext;
    const errors: FieldError[] = error.validation.map((v) => ({
      field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || String(where ?? 'request'),
      message: v.message ?? 'Invalid value',
    }));
    return { status: 400, body: { code: 400, msg: describe(errors[0]), errors } };
  }
  if (isLostRace(error)) {
    return { status: 409, body: { code: 409, msg: genericMessages.changedMeanwhile, error: 'changed_meanwhile' } };
  }
  if (isResponseSerializationError(error)) {
    return { status: 500, body: { code: 500, msg: SERVER_ERROR_MESSAGE } };
  }
  const known = 'code' in error ? FASTIFY_CLIENT_ERRORS[String(error.code)] : undefined;
  if (known) return { status: known.status, body: { code: known.status, msg: known.message } };
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) return { status, body: { code: status, msg: error.message } };
  return { status: 500, body: { code: 500, msg: SERVER_ERROR_MESSAGE } };
}

function describe(error: FieldError | undefined): string {
  return error ? `${error.field}: ${error.message}` : 'The request is not valid';
}

/** The answer for a /svc path that names no call. */
export function sendUnknownCall(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0];
  return reply.status(404).send({ code: 404, msg: `There is no ${request.method} ${path}` });
}
