import type { FastifyInstance } from 'fastify';

/** Who is calling. Identity resolves it from the access token; until then every caller is a guest. */
export interface Caller {
  userId: number;
  userRefnum: string;
  roles: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
}

export function installCaller(app: FastifyInstance): void {
  app.decorateRequest('caller', null);
}
