import { defineCall } from '@yardly/shared/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Caller, installCaller } from './caller';
import { installErrorHandling } from './envelope-errors';
import { type CallHandlers, registerCalls } from './register-call';

const whoAmI = defineCall({
  method: 'GET',
  path: '/test/me',
  auth: 'required',
  summary: 'The caller',
  response: z.object({ userRefnum: z.string() }),
});
const echo = defineCall({
  method: 'POST',
  path: '/test/echo',
  auth: 'none',
  summary: 'The body back',
  body: z.object({ text: z.string() }),
  response: z.object({ text: z.string() }),
});
const calls = { whoAmI, echo } as const;

const ADA: Caller = {
  userId: 7,
  userRefnum: 'U0000000000A',
  sessionId: 'session-of-ada',
  roles: [],
  isProgressive: false,
  isProfessionVerified: false,
  companyStatus: null,
};

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

function bareApp(): FastifyInstance {
  const made = Fastify();
  made.setValidatorCompiler(validatorCompiler);
  made.setSerializerCompiler(serializerCompiler);
  installErrorHandling(made);
  installCaller(made, async (token) => {
    if (token !== 'ada') throw new Error('unknown token');
    return ADA;
  });
  return made;
}

describe('registerCalls', () => {
  it('stops the start naming a call that has no handler', () => {
    app = bareApp();
    const handlers = { echo: async ({ body }) => body } as CallHandlers<{ echo: typeof echo }>;
    expect(() =>
      registerCalls(app as FastifyInstance, 'test', calls, handlers as unknown as CallHandlers<typeof calls>),
    ).toThrow('test: call "whoAmI" has no handler');
  });

  it('stops the start naming a handler that matches no call', () => {
    app = bareApp();
    const handlers = {
      whoAmI: async ({ caller }) => ({ userRefnum: caller.userRefnum }),
      echo: async ({ body }) => body,
      forgotten: async () => ({}),
    } as CallHandlers<typeof calls> & { forgotten: unknown };
    expect(() => registerCalls(app as FastifyInstance, 'test', calls, handlers)).toThrow(
      'test: handler "forgotten" matches no call',
    );
  });

  it('serves every call of the map, and a required call hands its handler the caller', async () => {
    app = bareApp();
    registerCalls(app, 'test', calls, {
      whoAmI: async ({ caller }) => ({ userRefnum: caller.userRefnum }),
      echo: async ({ body }) => body,
    });
    await app.ready();

    const me = await app.inject({ method: 'GET', url: '/svc/test/me', headers: { authorization: 'Bearer ada' } });
    expect(me.json()).toEqual({ code: 200, data: { userRefnum: 'U0000000000A' } });
    const guest = await app.inject({ method: 'GET', url: '/svc/test/me' });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ code: 401, msg: expect.any(String) });
    const echoed = await app.inject({ method: 'POST', url: '/svc/test/echo', payload: { text: 'hi' } });
    expect(echoed.json()).toEqual({ code: 200, data: { text: 'hi' } });
  });
});
