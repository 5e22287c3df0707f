import type { Call, CallData } from '@yardly/shared/contract';
import { successBodySchema } from '@yardly/shared/contract';
import { authMessages } from '@yardly/shared/rules';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../errors';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface CallContext<C extends Call> {
  query: C extends Call<infer Q, z.ZodType | undefined, z.ZodType> ? Parsed<Q> : never;
  body: C extends Call<z.ZodType | undefined, infer B, z.ZodType> ? Parsed<B> : never;
  request: FastifyRequest;
}

/**
 * Serve one contract call under /svc (at the root when flagged `root`): the contract's schemas validate the request and the
 * answer (a wrong answer is a 500, never a silent drift), wrapped in the success envelope.
 */
export function registerCall<C extends Call>(
  app: FastifyInstance,
  call: C,
  handler: (ctx: CallContext<C>) => Promise<CallData<C>>,
): void {
  app.route({
    method: call.method,
    url: call.root ? call.path : `/svc${call.path}`,
    schema: {
      summary: call.summary,
      ...(call.query && { querystring: call.query }),
      ...(call.body && { body: call.body }),
      response: { 200: successBodySchema(call) },
    },
    handler: async (request) => {
      // Calls that need no token ignore one: an expired token must not stop a log-in.
      if (call.auth !== 'none') await request.server.resolveCaller(request);
      if (call.auth === 'required' && !request.caller) throw new AppError(401, authMessages.loginRequired);
      const data = await handler({
        query: request.query as CallContext<C>['query'],
        body: request.body as CallContext<C>['body'],
        request,
      });
      return call.flat ? { code: 200 as const, ...(data as object) } : { code: 200 as const, data };
    },
  });
}
