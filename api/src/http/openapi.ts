import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { type CallAuth, failureEnvelopeSchema } from '@yardly/shared/contract';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The name the error envelope has among the document's components. */
const ERROR_ENVELOPE = 'ErrorEnvelope';
/** The access token every call that needs one takes: `Authorization: Bearer <token>`. */
const BEARER = 'bearerAuth';

/** What registerCall keeps on a contract call's route for this description. */
export interface CallRouteConfig {
  auth: CallAuth;
  /** The body's fields may come in the query (the contract's `bodyInQuery`). */
  bodyInQuery?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A contract call's `auth` flag (register-call.ts). */
    auth?: CallAuth;
    /** A contract call's `bodyInQuery` flag (register-call.ts). */
    bodyInQuery?: boolean;
  }
}

/**
 * `GET /svc/openapi.json` (issue 34: the description must be usable whole, linted by Redocly's
 * recommended rules in `pnpm test`): each call's schemas from the contract, an operationId made of
 * its method and path, the bearer token on the calls that take one (the contract's `auth` flag:
 * `none` takes none, `optional` either), every refusal (4XX) as the error envelope, and aliases
 * (a path written with a trailing slash, served beside the path without) left out.
 */
export const swaggerOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    openapi: '3.0.3',
    info: {
      title: 'Yardly api',
      version: '1',
      description:
        'The /svc calls of the Yardly marketplace. Every answer is the JSON envelope `{code, data?, msg?, error?, errors?}`; money is integer cents.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        [BEARER]: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The access token of a log-in (an expired one answers 401 with code 488: refresh and retry).',
        },
      },
    },
  },
  transform: (input) => {
    const config = input.route.config as Partial<CallRouteConfig> | undefined;
    const { schema, url } = jsonSchemaTransform(bodyAlsoInQuery(input, config)) as {
      schema: Record<string, unknown> & { response?: Record<string, unknown> };
      url: string;
    };
    if (url !== '/' && url.endsWith('/')) return { schema: { ...schema, hide: true }, url };
    const auth = config?.auth;
    const method = String(Array.isArray(input.route.method) ? input.route.method[0] : input.route.method);
    return {
      schema: {
        ...schema,
        operationId: operationIdOf(method, url),
        security: securityOf(auth),
        response: {
          ...schema.response,
          '4XX': {
            description: 'Refused: the error envelope (400 with errors[{field, message}], 401, 403, 404, 409, 429...)',
            $ref: `#/components/schemas/${ERROR_ENVELOPE}`,
          },
        },
      },
      url,
    };
  },
  transformObject: (documentObject) => {
    const document = jsonSchemaTransformObject(documentObject) as {
      components?: { schemas?: Record<string, unknown> };
    };
    return nullableEnums({
      ...document,
      components: {
        ...document.components,
        schemas: {
          ...document.components?.schemas,
          [ERROR_ENVELOPE]: z.toJSONSchema(failureEnvelopeSchema, { target: 'openapi-3.0' }),
        },
      },
    }) as ReturnType<typeof jsonSchemaTransformObject>;
  },
};

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * A call that takes its body's fields in the query too (`bodyInQuery`) is described with them as
 * query parameters as well, none required there (they may come in the body instead).
 */
function bodyAlsoInQuery(input: TransformInput, config: Partial<CallRouteConfig> | undefined): TransformInput {
  const body = (input.schema as { body?: unknown } | undefined)?.body;
  if (!config?.bodyInQuery || !(body instanceof z.ZodObject)) return input;
  return { ...input, schema: { ...input.schema, querystring: body.partial() } };
}

/**
 * OpenAPI 3.0.3: `nullable` does not widen an `enum`, which must list null itself; zod's
 * `z.enum(...).nullable()` comes out without it, and a validator then refuses the null the api sends.
 */
function nullableEnums<T>(value: T): T {
  if (Array.isArray(value)) return value.map(nullableEnums) as T;
  if (value === null || typeof value !== 'object') return value;
  const object = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, nullableEnums(v)]));
  if (object.nullable === true && Array.isArray(object.enum) && !object.enum.includes(null))
    object.enum = [...object.enum, null];
  return object as T;
}

/** No token (`none`), the token or none (`optional`), the token (`required`, and routes outside the contract). */
function securityOf(auth: CallRouteConfig['auth'] | undefined): Record<string, string[]>[] {
  const bearer: Record<string, string[]> = { [BEARER]: [] };
  if (auth === 'none') return [];
  return auth === 'optional' ? [bearer, {}] : [bearer];
}

/** `GET /svc/orders/:orderId/tracking` → `getOrdersByOrderIdTracking`: unique, as a method and path are. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((segment) => segment && segment !== 'svc')
    .flatMap((segment) => {
      const param = /^[:{](\w+)}?$/.exec(segment);
      return param ? ['by', param[1] ?? ''] : segment.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w.charAt(0).toUpperCase() + w.slice(1))].join('');
}
