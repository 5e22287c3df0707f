import type { Call, CallAuth, CallData, CallMap } from '@yardly/shared/contract';
import { pathFields, successBodySchema } from '@yardly/shared/contract';
import { authMessages } from '@yardly/shared/rules';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../errors';
import type { Caller } from './caller';
import { InFlight } from './in-flight';
import type { CallRouteConfig } from './openapi';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type AuthOf<C> = C extends Call<z.ZodType | undefined, z.ZodType | undefined, z.ZodType, infer A> ? A : CallAuth;

/** What a handler gets: the parsed input, the request, and the caller (never null on an auth 'required' call). */
export interface CallContext<C extends Call> {
  query: C extends Call<infer Q, z.ZodType | undefined, z.ZodType> ? Parsed<Q> : never;
  body: C extends Call<z.ZodType | undefined, infer B, z.ZodType> ? Parsed<B> : never;
  caller: AuthOf<C> extends 'required' ? Caller : Caller | null;
  request: FastifyRequest;
}

export type CallHandler<C extends Call> = (ctx: CallContext<C>) => Promise<CallData<C>>;

/** One handler for each call of a map, under the same names. */
export type CallHandlers<M extends CallMap> = { readonly [K in keyof M]: CallHandler<M[K]> };

/**
 * Serve one contract call under /svc (at the root when flagged `root`), at its path and its `alsoAt` paths: the contract's schemas validate the request and the
 * answer (a wrong answer is a 500, never a silent drift), wrapped in the success envelope.
 */
export function registerCall<C extends Call>(app: FastifyInstance, call: C, handler: CallHandler<C>): void {
  if (!app.hasDecorator('inFlight')) app.decorate('inFlight', new InFlight());
  for (const at of [call.path, ...(call.alsoAt ?? [])]) registerAt(app, call, at, handler);
}

/** One path of a call: its own, or one of the spec's other names for it (`alsoAt`). */
function registerAt<C extends Call>(app: FastifyInstance, call: C, at: string, handler: CallHandler<C>): void {
  const path = at.replace(/\{(\w+)\}/g, ':$1');
  const inPath = pathFields(at);
  app.route({
    method: call.method,
    url: call.root ? path : `/svc${path}`,
    // The description (http/openapi.ts) says which calls take the bearer token, and which take the body in the query.
    config: { auth: call.auth, bodyInQuery: call.bodyInQuery } satisfies CallRouteConfig,
    ...((inPath.length || call.bodyInQuery) && {
      preValidation: async (request: FastifyRequest) => {
        // A path field is a query field: the query schema validates it with the rest.
        if (inPath.length) request.query = { ...(request.query as object), ...(request.params as object) };
        // The body's fields given in the query: the body schema validates them (a JSON body's own fields win).
        if (call.bodyInQuery) request.body = { ...(request.query as object), ...(request.body as object | undefined) };
      },
    }),
    schema: {
      summary: call.summary,
      ...(call.query && { querystring: call.query }),
      ...(call.body && { body: call.body }),
      response: { 200: successBodySchema(call) },
    },
    handler: (request) =>
      request.server.inFlight.track(async () => {
        // Calls that need no token ignore one: an expired token must not stop a log-in.
        const caller = call.auth === 'none' ? null : await request.server.resolveCaller(request);
        if (call.auth === 'required' && !caller) throw new AppError(401, authMessages.loginRequired);
        const data = await handler({
          query: request.query as CallContext<C>['query'],
          body: request.body as CallContext<C>['body'],
          caller: caller as CallContext<C>['caller'],
          request,
        });
        return call.flat ? { code: 200 as const, ...(data as object) } : { code: 200 as const, data };
      }),
  });
}

/**
 * Serve every call of a map with the handler of the same name. A call without a handler, or a
 * handler without a call, stops the start naming both: no call is ever left unserved.
 */
export function registerCalls<M extends CallMap>(
  app: FastifyInstance,
  owner: string,
  calls: M,
  handlers: CallHandlers<M>,
): void {
  const missing = Object.keys(calls).filter((name) => !Object.hasOwn(handlers, name));
  const extra = Object.keys(handlers).filter((name) => !Object.hasOwn(calls, name));
  if (missing.length || extra.length) {
    const problems = [
      ...missing.map((name) => `call "${name}" has no handler`),
      ...extra.map((name) => `handler "${name}" matches no call`),
    ];
    throw new Error(`${owner}: ${problems.join('; ')}`);
  }
  for (const name of Object.keys(calls)) {
    registerCall(app, calls[name] as Call, handlers[name] as CallHandler<Call>);
  }
}
