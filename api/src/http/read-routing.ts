import { READ_AFTER_COOKIE } from '@yardly/shared/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database, Db } from '../db/connect';
import { isWalPosition } from '../db/read-replicas';

/** The database for a read that tolerates a little lag, on behalf of this request's person. */
export type ReadDb = (request: FastifyRequest) => Db;

declare module 'fastify' {
  interface FastifyRequest {
    /** The call reads through `readDb` (a search sent as POST): it writes nothing to be read after. */
    lagTolerantRead: boolean;
  }
}

/** Methods that write nothing: no WAL position to carry after them. */
const READING_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Long enough for any replica within the lag bound to have replayed the write; a replica that has is read at once. */
const READ_AFTER_SECONDS = 600;

function readAfter(request: FastifyRequest): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === READ_AFTER_COOKIE && value && isWalPosition(value)) return value;
  }
  return null;
}

/**
 * Read-your-writes over read replicas (docs/decisions/0060). After a call that may have written
 * (any method but GET, HEAD and OPTIONS that succeeded and is not itself a lag-tolerant read), the
 * answer sets a cookie with the primary's WAL position; a lag-tolerant read goes to a replica that
 * has replayed the position the request's cookie names, else to the primary. Without replicas
 * (PGlite, no DATABASE_READ_URLS) every read is the primary's and no cookie is set.
 */
export function installReadRouting(
  app: FastifyInstance,
  database: Database,
  options: { secureCookies: boolean },
): ReadDb {
  const { reads } = database;
  if (!reads) return () => database.db;
  app.decorateRequest('lagTolerantRead', false);
  const secure = options.secureCookies ? '; Secure' : '';
  app.addHook('onSend', async (request, reply, payload) => {
    if (READING_METHODS.has(request.method) || request.lagTolerantRead || reply.statusCode >= 400) return payload;
    try {
      const position = await reads.primaryPosition();
      reply.header(
        'set-cookie',
        `${READ_AFTER_COOKIE}=${position}; Path=/; Max-Age=${READ_AFTER_SECONDS}; HttpOnly; SameSite=Lax${secure}`,
      );
    } catch (error) {
      // The write has committed; without its position this person's next reads may miss it for a moment.
      request.log.warn({ err: error }, 'the WAL position after a write could not be read');
    }
    return payload;
  });
  return (request) => {
    request.lagTolerantRead = true;
    return reads.pick(readAfter(request)).db;
  };
}
