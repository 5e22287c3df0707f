import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type Clock, clockFor } from './clock/clock';
import type { Config } from './config';
import type { Database } from './db/connect';
import { installCaller } from './http/caller';
import { type Capability, registerCapabilities } from './http/capability';
import { installErrorHandling, sendUnknownCall, toEnvelope } from './http/envelope-errors';
import { InFlight } from './http/in-flight';
import { swaggerOptions } from './http/openapi';
import { installReadRouting } from './http/read-routing';
import { refuseNulCharacters } from './http/refuse-nul';
import { loggerOptions } from './http/request-log';
import { installSecurityHeaders, refuseTwoHosts } from './http/security-headers';
import { answerUnreadableRequest } from './http/unreadable-request';
import { installJobs } from './jobs/install';
import { accountCapability } from './modules/account/capability';
import { adminCapability } from './modules/admin/capability';
import { authCapability } from './modules/auth/capability';
import { createAuth } from './modules/auth/create';
import { isSessionOpen } from './modules/auth/open-sessions';
import { assertSharedSecrets } from './modules/auth/secret-fingerprints';
import { bannersCapability } from './modules/banners/capability';
import { categoriesCapability } from './modules/categories/capability';
import { contactCapability } from './modules/contact/capability';
import { devCapability } from './modules/dev/capability';
import { donationConsoleCapability } from './modules/donation-console/capability';
import { donationsCapability } from './modules/donations/capability';
import { favouritesCapability } from './modules/favourites/capability';
import { feedbackCapability } from './modules/feedback/capability';
import { filesCapability } from './modules/files/capability';
import type { FileStore } from './modules/files/file-store';
import { healthCapability } from './modules/health/capability';
import { listingsCapability } from './modules/listings/capability';
import { liveCountsByCategory } from './modules/listings/category-counts';
import { liveCapability } from './modules/live/capability';
import { installLive } from './modules/live/live';
import { locationCapability } from './modules/location/capability';
import { createMail } from './modules/mail/create';
import { messagesCapability } from './modules/messages/capability';
import { notificationsCapability } from './modules/notifications/capability';
import { rentalNotificationsCapability } from './modules/notifications/rentals-capability';
import { loadVapidKeys } from './modules/notifications/vapid';
import { offersCapability } from './modules/offers/capability';
import { orderConsoleCapability } from './modules/order-console/capability';
import { ordersCapability } from './modules/orders/capability';
import { b2bSignupOrganisation } from './modules/organisation-marketplace/b2b-signup';
import { organisationMarketplaceCapability } from './modules/organisation-marketplace/capability';
import { marketplaceMembership } from './modules/organisation-marketplace/membership';
import { marketplaceReactions } from './modules/organisation-marketplace/reactions';
import { organisationsCapability } from './modules/organisations/capability';
import { workEmailRecorder } from './modules/organisations/work-email';
import { cardRefundsCapability } from './modules/payments/card-refunds/capability';
import { cardsCapability } from './modules/payments/cards-capability';
import { createPaymentProvider } from './modules/payments/provider-factory';
import { testProviderCapability } from './modules/payments/test-provider/capability';
import { paymentWebhookCapability } from './modules/payments/webhook-capability';
import { installPaymentEvents } from './modules/payments/webhook-registry';
import { payoutsCapability } from './modules/payouts/capability';
import { referralsCapability } from './modules/referrals/capability';
import { recordReferral } from './modules/referrals/service';
import { rentalConsoleCapability } from './modules/rental-console/capability';
import { rentalFavouritesCapability } from './modules/rental-favourites/capability';
import { rentalMessagesCapability } from './modules/rental-messages/capability';
import { rentalSearchCapability } from './modules/rental-search/capability';
import { rentalsCapability } from './modules/rentals/capability';
import { reportsCapability } from './modules/reports/capability';
import { returnsCapability } from './modules/returns/capability';
import { rewardsCapability } from './modules/rewards/capability';
import { savedSearchesCapability } from './modules/saved-searches/capability';
import { searchCapability } from './modules/search/capability';
import { shippingCapability } from './modules/shipping/capability';
import { createShipping } from './modules/shipping/shipping';
import { similarCapability } from './modules/similar/capability';
import { sitemapCapability } from './modules/sitemap/capability';
import { socialCapability } from './modules/social/capability';
import { staticDataCapability } from './modules/static-data/capability';
import { bindProcesses } from './process/processes';
import { loadSigningSecret } from './secrets/secrets';
import type { AppServices } from './services';

export type WebHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export interface AppDeps {
  config: Config;
  database: Database;
  files: FileStore;
  /**
   * The clock; default the system's in production, else a dev clock of this app's own. The
   * server passes the dev clock every api process shares (clock/shared-offset.ts).
   */
  clock?: Clock;
  /** Makes the handler of what is not /svc (the storefront and the console); absent in api tests. */
  createWeb?: (app: FastifyInstance) => Promise<WebHandler>;
  /** Where log lines go; default standard output (tests read them). */
  logStream?: NodeJS.WritableStream;
}

/** Build the HTTP app without listening: tests call `app.inject()`, server.ts listens. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(deps.config.logLevel, deps.logStream),
    bodyLimit: 1_048_576,
    // Only the proxies we were told about may name the client (per-address limits rely on it).
    trustProxy: deps.config.trustProxyHops
      ? (_address: string, hop: number) => hop < deps.config.trustProxyHops
      : false,
    return503OnClosing: true,
    clientErrorHandler: answerUnreadableRequest,
    // Errors raised before routing (a malformed %-escape in the URL) answer in the envelope too.
    frameworkErrors: (error, _request, reply) => {
      const { status, body } = toEnvelope(error);
      void (reply as FastifyReply).status(status).send(body);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  refuseNulCharacters(app);
  installSecurityHeaders(app, { stripe: Boolean(deps.config.stripe) });
  refuseTwoHosts(app);
  const clock = deps.clock ?? clockFor(deps.config.isProduction);
  // A dev clock another api process moved: every request reads the time they share.
  const { refresh } = clock;
  // A database that does not answer leaves the clock where it was: the request's own reads say so (health).
  if (refresh) {
    app.addHook('onRequest', async (request) => {
      await refresh().catch((error: unknown) => request.log.warn({ err: error }, 'the dev clock could not be read'));
    });
  }
  const jobs = installJobs(app, { db: deps.database.db, clock });
  const live = installLive(app, {
    database: deps.database,
    clock,
    sessionOpen: isSessionOpen,
    bus: deps.config.liveBus,
    // The database's own name (a pooler's URL may name an alias of it).
    databaseUrl: deps.config.databaseDirectUrl,
  });
  const paymentEvents = installPaymentEvents(app);
  const secret = loadSigningSecret({ configured: deps.config.jwtSecret, dataDir: deps.config.dataDir });
  // Every instance on this database must share the secrets (issue 34): else refuse to start, naming them.
  const vapidKeys = loadVapidKeys({ configured: deps.config.vapid.keys, dataDir: deps.config.dataDir });
  await assertSharedSecrets(deps.database.db, [
    { name: 'JWT_SECRET', value: secret },
    { name: 'VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY', value: vapidKeys.privateKey },
  ]);
  const { mailer, transport } = createMail({ config: deps.config, db: deps.database.db, jobs, log: app.log, secret });
  const processes = bindProcesses({ donations: deps.config.donationEnabled });
  // Sign-up and log-in reach the capabilities built on accounts through ports (ADR 0062).
  const recordWorkEmail = workEmailRecorder(processes.organisation, marketplaceReactions);
  const { auth, codes, resolveCaller } = createAuth({
    ...deps,
    mailer,
    clock,
    secret,
    ports: { recordReferral, b2bSignupOrganisation, recordWorkEmail, marketplaceMembership },
    endLiveStreams: live.endStreamsOf,
  });
  installCaller(app, resolveCaller);
  // Lag-tolerant reads go to the read replicas, if any, with read-your-writes (docs/decisions/0060).
  const readDb = installReadRouting(app, deps.database, {
    secureCookies: deps.config.publicUrl.startsWith('https://'),
  });
  const payments = createPaymentProvider({ config: deps.config, db: deps.database.db, clock, secret });
  const shipping = createShipping({ config: deps.config, db: deps.database.db, jobs, log: app.log });
  app.decorate('shipping', shipping);
  const services: AppServices = {
    ...deps,
    payments,
    shipping,
    db: deps.database.db,
    readDb,
    log: app.log,
    clock,
    jobs,
    live,
    auth,
    codes,
    mailer,
    transport,
    paymentEvents,
    secret,
    processes,
  };
  app.decorate('processes', services.processes);
  // The calls running now, which a stopping process waits for (server.ts).
  app.decorate('inFlight', new InFlight());

  await app.register(compress, { global: true, threshold: 1024 });
  // Photos only: one file a request, its size bounded per call (files/upload.ts).
  await app.register(multipart, { limits: { files: 1, fields: 5, parts: 6 } });
  await app.register(swagger, swaggerOptions);
  app.get('/svc/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const installed = registerCapabilities(app, services, capabilitiesFor(deps.config));
  // A table naming an effect no capability implements stops the start, as a call without a handler does.
  services.processes.registry.assertComplete();
  for (const job of installed.jobs) jobs.register(job);
  // Each process's timers fire through its one generic job (ADR 0014).
  for (const job of services.processes.registry.timerJobs()) jobs.register(job);

  const web = deps.createWeb ? await deps.createWeb(app) : undefined;
  app.setNotFoundHandler((request, reply) => {
    if (!web || request.url === '/svc' || request.url.startsWith('/svc/') || request.url.startsWith('/svc?')) {
      return sendUnknownCall(request, reply);
    }
    return web(request, reply);
  });
  return app;
}

/** Every capability, installed the same way; the search and sitemap paths are outside /svc, before the storefront. */
function capabilitiesFor(config: Config): Capability[] {
  return [
    healthCapability,
    categoriesCapability({ liveCounts: liveCountsByCategory }),
    listingsCapability,
    rentalsCapability,
    offersCapability,
    ordersCapability,
    shippingCapability,
    orderConsoleCapability,
    returnsCapability,
    // Donations (issue 21) exist only with the donation flag on: off, every path of theirs is a 404.
    ...(config.donationEnabled ? [donationsCapability, donationConsoleCapability] : []),
    testProviderCapability,
    payoutsCapability,
    favouritesCapability,
    savedSearchesCapability,
    reportsCapability,
    rentalConsoleCapability,
    locationCapability,
    authCapability,
    socialCapability,
    organisationsCapability(marketplaceReactions),
    organisationMarketplaceCapability,
    contactCapability,
    staticDataCapability,
    referralsCapability,
    rewardsCapability,
    accountCapability,
    feedbackCapability,
    notificationsCapability,
    messagesCapability,
    rentalMessagesCapability,
    rentalNotificationsCapability,
    rentalFavouritesCapability,
    liveCapability,
    paymentWebhookCapability,
    cardRefundsCapability,
    cardsCapability,
    bannersCapability,
    ...(config.isProduction ? [] : [devCapability]),
    filesCapability,
    adminCapability,
    searchCapability,
    rentalSearchCapability,
    similarCapability,
    sitemapCapability,
  ];
}
