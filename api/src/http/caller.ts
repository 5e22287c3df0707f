import type { CompanyStatus } from '@yardly/shared/contract';
import { authMessages } from '@yardly/shared/rules';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

/** Who is calling, as the access token and the account say now. */
export interface Caller {
  userId: number;
  userRefnum: string;
  /** The session the access token was issued for (an open live stream ends with it). */
  sessionId: string;
  roles: string[];
  isProgressive: boolean;
  isProfessionVerified: boolean;
  companyStatus: CompanyStatus | null;
}

/** Reads the caller from a bearer token: null for none; throws 488 (expired) or 401 (invalid). */
export type CallerResolver = (token: string) => Promise<Caller>;

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyInstance {
    resolveCaller(request: FastifyRequest): Promise<Caller | null>;
  }
}

export function installCaller(app: FastifyInstance, resolve: CallerResolver): void {
  app.decorateRequest('caller', null);
  app.decorate('resolveCaller', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header) return null;
    const [scheme, token] = header.split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) throw new AppError(401, authMessages.loginRequired);
    request.caller = await resolve(token);
    return request.caller;
  });
}
