import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import compression from 'compression';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { keepBothPolicies } from '../http/security-headers';
import { indexStaticFiles } from './static-index';
import { trueReasonPhrase } from './status-line';

/** What the storefront's pages receive from the api as `Astro.locals` (storefront/src/env.d.ts). */
interface PageLocals {
  publicOrigin?: string;
}

type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: (error?: unknown) => void,
  locals?: PageLocals,
) => Promise<void>;

export interface WebBuilds {
  /** storefront/dist: client/ holds static files and prerendered pages, server/ the SSR entry. */
  storefrontDist: string;
  /** admin/dist: the console's single-page app. */
  adminDist: string;
  /** The one public origin rendered pages put into og:url, canonical links and JSON-LD (PUBLIC_URL). */
  publicOrigin?: string;
}

const ADMIN_PREFIX = '/admin';

/**
 * What is not /svc: the built console under /admin/, the storefront's static files and
 * prerendered pages, and everything else rendered by Astro (SSR pages and the 404 page).
 */
export async function createWebHandler(app: FastifyInstance, builds: WebBuilds) {
  const clientRoot = join(builds.storefrontDist, 'client');
  const entry = join(builds.storefrontDist, 'server', 'entry.mjs');
  if (!existsSync(entry)) {
    app.log.warn(`The storefront is not built (${entry} is missing): pages answer 503 until \`pnpm build\``);
    return async (_request: FastifyRequest, reply: FastifyReply) =>
      reply
        .status(503)
        .type('text/plain')
        .send('The storefront is not built yet: run pnpm build (pnpm start does it).');
  }
  const { handler } = (await import(pathToFileURL(entry).href)) as { handler: AstroHandler };
  const storefrontFiles = indexStaticFiles(clientRoot);
  const adminFiles = indexStaticFiles(builds.adminDist, ADMIN_PREFIX);

  // The storefront build writes a .br and a .gz beside each text file (storefront
  // src/integrations/precompress.ts): compressed once at build, not on every request.
  await app.register(fastifyStatic, { root: clientRoot, serve: false, preCompressed: true });
  // Pages Astro renders go straight to the raw response, past @fastify/compress (which only
  // hooks routes, and this is the not-found handler): compress those here.
  const compressRendered = compression();

  return async (request: FastifyRequest, reply: FastifyReply) => {
    const path = decodePath(request.url);
    if (request.method === 'GET' || request.method === 'HEAD') {
      if (path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`)) {
        // The console routes in the browser: any path it does not know as a file is the app.
        const file = adminFiles.get(path) ?? 'index.html';
        return sendBuilt(reply, file, builds.adminDist);
      }
      const file = path !== undefined ? storefrontFiles.get(path) : undefined;
      if (file) return sendBuilt(reply, file, clientRoot);
    }
    // Pages are read, never posted to: other methods (POST, TRACE, ...) are not for them.
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply
        .status(405)
        .header('Allow', 'GET, HEAD')
        .send({ code: 405, msg: `${request.method} is not allowed here: pages answer GET and HEAD` });
    }
    reply.hijack();
    trueReasonPhrase(reply.raw);
    await new Promise<void>((resolve) => compressRendered(request.raw, reply.raw, () => resolve()));
    // After compression's own wrapping of writeHead (which turns the page's headers into
    // setHeader calls): the page's policy is merged with ours before that.
    keepBothPolicies(reply.raw);
    await handler(request.raw, reply.raw, undefined, { publicOrigin: builds.publicOrigin });
  };
}

function sendBuilt(reply: FastifyReply, file: string, root: string) {
  // Hashed assets never change; pages must be revalidated so a new build shows at once.
  const hashed = file.startsWith('_astro/') || file.startsWith('assets/');
  if (hashed) return reply.sendFile(file, root, { maxAge: '365d', immutable: true });
  reply.header('Cache-Control', 'no-cache');
  return reply.sendFile(file, root, { cacheControl: false });
}

function decodePath(url: string): string {
  const raw = url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
