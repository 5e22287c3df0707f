import { defineCall } from '@yardly/shared/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppServices } from '../services';
import { defineCapability, registerCapabilities } from './capability';
import type { CallHandlers } from './register-call';

const pingCalls = {
  ping: defineCall({
    method: 'GET',
    path: '/test/ping',
    auth: 'none',
    summary: 'pong',
    response: z.object({ pong: z.boolean() }),
  }),
} as const;

// These capabilities use no service: installing them reads only the donation flag (which console
// resources exist).
const services = { config: { donationEnabled: true } } as AppServices;

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

function bareApp() {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

describe('registerCapabilities', () => {
  it('installs a capability: its calls answer, its jobs are handed back', async () => {
    const job = { name: 'ping.later', run: async () => {} };
    const ping = defineCapability({
      name: 'ping',
      calls: pingCalls,
      handlers: () => ({ ping: async () => ({ pong: true }) }),
      jobs: () => [job],
    });
    const served = bareApp();
    expect(registerCapabilities(served, services, [ping])).toEqual({ jobs: [job] });
    const res = await served.inject({ method: 'GET', url: '/svc/test/ping' });
    expect(res.json()).toEqual({ code: 200, data: { pong: true } });
  });

  it('stops the start when a capability leaves a call without a handler, naming both', () => {
    const forgetful = defineCapability({
      name: 'forgetful',
      calls: pingCalls,
      handlers: () => ({}) as CallHandlers<typeof pingCalls>,
    });
    expect(() => registerCapabilities(bareApp(), services, [forgetful])).toThrow(
      'forgetful: call "ping" has no handler',
    );
  });

  it('stops the start when two capabilities share a name', () => {
    const one = defineCapability({ name: 'twin' });
    expect(() => registerCapabilities(bareApp(), services, [one, one])).toThrow('Two of one capability name: twin');
  });
});
