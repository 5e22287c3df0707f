import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { clockFor, isDevClock } from './clock/clock';
import { registerDevClockRoutes } from './clock/dev-routes';
import type { Config } from './config';
import type { Database } from './db/connect';
import { installCaller } from './http/caller';
import { installErrorHandling, sendUnknownCall, toEnvelope } from './http/envelope-errors';
import { installJobs } from './jobs/install';
import { createAccount } from './modules/account/create';
import { registerAccountRoutes } from './modules/account/routes';
import { registerAdminRoutes } from './modules/admin/routes';
import { createAuth } from './modules/auth/create';
import { registerAuthRoutes } from './modules/auth/routes';
import { registerCategoryRoutes } from './modules/categories/routes';
import { registerContactRoutes } from './modules/contact/routes';
import { contactService } from './modules/contact/service';
import { registerFavouriteRoutes } from './modules/favourites/routes';
import type { FileStore } from './modules/files/file-store';
import { registerFileRoutes } from './modules/files/routes';
import { registerHealthRoutes } from './modules/health/routes';
import { draftSweepJob } from './modules/listings/draft-sweeper';
import { registerListingRoutes } from './modules/listings/routes';
import { registerLocationRoutes } from './modules/location/routes';
import { createMail } from './modules/mail/create';
import { registerDevOutboxRoutes } from './modules/mail/routes';
import { registerOrganisationRoutes } from './modules/organisations/routes';
import { organisationService } from './modules/organisations/service';
import { registerReferralRoutes } from './modules/referrals/routes';
import { registerReportRoutes } from './modules/reports/routes';
import { registerSearchRoutes } from './modules/search/routes';
import { registerSitemapRoutes } from './modules/sitemap/routes';
import { registerSocialSignIn } from './modules/social/create';

export type WebHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export interface AppDeps {
  config: Config;
  database: Database;
  files: FileStore;
  /** Makes the handler of what is not /svc (the storefront and the console); absent in api tests. */
  createWeb?: (app: FastifyInstance) => Promise<WebHandler>;
}

/** Build the HTTP app without listening: tests call `app.inject()`, server.ts listens. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: deps.config.logLevel },
    bodyLimit: 1_048_576,
    // Only the proxies we were told about may name the client (per-address limits rely on it).
    trustProxy: deps.config.trustProxyHops
      ? (_address: string, hop: number) => hop < deps.config.trustProxyHops
      : false,
    return503OnClosing: true,
    // Errors raised before routing (a malformed %-escape in the URL) answer in the envelope too.
    frameworkErrors: (error, _request, reply) => {
      const { status, body } = toEnvelope(error);
      void (reply as FastifyReply).status(status).send(body);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  const clock = clockFor(deps.config.isProduction);
  const jobs = installJobs(app, { db: deps.database.db, clock });
  const { mailer, transport } = createMail({ config: deps.config, db: deps.database.db, jobs, log: app.log });
  const { auth, codes, secret, resolveCaller } = createAuth({ ...deps, mailer, clock });
  installCaller(app, resolveCaller);

  await app.register(compress, { global: true, threshold: 1024 });
  // Photos only: one file a request, its size bounded per call (readPhotoPart).
  await app.register(multipart, { limits: { files: 1, fields: 5, parts: 6 } });
  await app.register(swagger, {
    openapi: { info: { title: 'Yardly api', version: '1' }, servers: [{ url: '/' }] },
    transform: jsonSchemaTransform,
  });
  app.get('/svc/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  registerHealthRoutes(app, deps.database);
  registerCategoryRoutes(app, deps.database.db);
  registerListingRoutes(app, deps.database.db, deps.files);
  jobs.register(draftSweepJob(deps.files));
  registerFavouriteRoutes(app, deps.database.db);
  registerReportRoutes(app, deps.database.db);
  registerLocationRoutes(app, deps.database.db);
  registerAuthRoutes(app, auth);
  registerSocialSignIn(app, { config: deps.config, db: deps.database.db, auth, codes });
  registerOrganisationRoutes(app, organisationService({ db: deps.database.db, codes, auth }));
  registerContactRoutes(
    app,
    contactService({ db: deps.database.db, jobs, transport, clock, supportEmail: deps.config.supportEmail }),
  );
  registerReferralRoutes(app, deps.database.db);
  const account = createAccount({
    db: deps.database.db,
    files: deps.files,
    mailer,
    secret,
    publicUrl: deps.config.publicUrl,
  });
  await registerAccountRoutes(app, account);
  if (!deps.config.isProduction) registerDevOutboxRoutes(app, deps.database.db);
  if (isDevClock(clock)) registerDevClockRoutes(app, { clock, jobs });
  registerFileRoutes(app, deps.files);
  registerAdminRoutes(app, { db: deps.database.db, files: deps.files });
  // Paths outside /svc that the api answers itself, before the storefront gets the rest.
  registerSearchRoutes(app, deps.database.db);
  registerSitemapRoutes(app, deps.database.db, deps.config.publicUrl);

  const web = deps.createWeb ? await deps.createWeb(app) : undefined;
  app.setNotFoundHandler((request, reply) => {
    if (!web || request.url === '/svc' || request.url.startsWith('/svc/') || request.url.startsWith('/svc?')) {
      return sendUnknownCall(request, reply);
    }
    return web(request, reply);
  });
  return app;
}
