import { resolve } from 'node:path';
import { donationFlag, SOCIAL_PROVIDERS, type SocialProvider } from '@yardly/shared/rules';
import { z } from 'zod';

const issuerUrl = (fallback: string) =>
  z
    .string()
    .url('must be a URL')
    .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
    .default(fallback);

const endpointUrl = z
  .string()
  .url('must be a URL')
  .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
  .optional();

/** The variables of each sign-in provider (OpenID Connect; endpoints come from the issuer's discovery). */
const OAUTH_ENV = {
  google: {
    id: 'OAUTH_GOOGLE_CLIENT_ID',
    secret: 'OAUTH_GOOGLE_CLIENT_SECRET',
    issuer: 'OAUTH_GOOGLE_ISSUER',
    tokenEndpoint: 'OAUTH_GOOGLE_TOKEN_ENDPOINT',
  },
  facebook: {
    id: 'OAUTH_FACEBOOK_CLIENT_ID',
    secret: 'OAUTH_FACEBOOK_CLIENT_SECRET',
    issuer: 'OAUTH_FACEBOOK_ISSUER',
    tokenEndpoint: 'OAUTH_FACEBOOK_TOKEN_ENDPOINT',
  },
  linkedin: {
    id: 'OAUTH_LINKEDIN_CLIENT_ID',
    secret: 'OAUTH_LINKEDIN_CLIENT_SECRET',
    issuer: 'OAUTH_LINKEDIN_ISSUER',
    tokenEndpoint: 'OAUTH_LINKEDIN_TOKEN_ENDPOINT',
  },
} as const satisfies Record<SocialProvider, { id: string; secret: string; issuer: string; tokenEndpoint: string }>;

/**
 * What a provider needs beyond its discovery document (docs/decisions/0005-facebook-sign-in.md):
 * Facebook's names no token endpoint, accepts the client secret only in the form, knows the
 * scope `public_profile` rather than `profile`, and hands out confirmed addresses only, without
 * an `email_verified` claim.
 */
const PROVIDER_PROFILES: Record<SocialProvider, Omit<OAuthProviderConfig, 'clientId' | 'clientSecret' | 'issuer'>> = {
  google: { scope: 'openid email profile', emailsVerified: false },
  linkedin: { scope: 'openid email profile', emailsVerified: false },
  facebook: {
    scope: 'openid email public_profile',
    tokenEndpoint: 'https://graph.facebook.com/v21.0/oauth/access_token',
    tokenEndpointAuth: 'client_secret_post',
    emailsVerified: true,
  },
};

export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string;
  issuer: string;
  scope: string;
  /** Used when the discovery document names none. */
  tokenEndpoint?: string;
  /** Overrides what the discovery document offers. */
  tokenEndpointAuth?: 'client_secret_basic' | 'client_secret_post';
  /** The provider sends only confirmed addresses: an absent `email_verified` counts as true. */
  emailsVerified: boolean;
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /**
   * The database itself when DATABASE_URL is a pooler in transaction mode (PgBouncer): migrations
   * and the live listener use it (docs/deploy.md). Unset: DATABASE_URL for both.
   */
  DATABASE_DIRECT_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** Read replicas of DATABASE_URL, comma-separated: lag-tolerant reads go to them in turn (docs/decisions/0060). */
  DATABASE_READ_URLS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((url) => url.trim())
        .filter(Boolean),
    )
    .refine(
      (urls) => urls.every((url) => /^postgres(ql)?:\/\//.test(url)),
      'must be postgres:// or postgresql:// URLs separated by commas',
    )
    .optional(),
  /** A replica whose replay is further behind the primary than this is passed over. */
  DATABASE_READ_MAX_LAG_MS: z.coerce
    .number('must be a whole number of milliseconds')
    .int('must be a whole number of milliseconds')
    .min(0, 'must be a whole number of milliseconds')
    .max(3_600_000, 'must be at most 3600000 (an hour)')
    .default(5000),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** demo: load demo users and listings; none: reference data only. */
  SEED: z.enum(['demo', 'none']).optional(),
  PUBLIC_URL: z.string().url().optional(),
  /** How many proxies in front set X-Forwarded-For (0: none; the socket address is the client). */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** A file of `cidr,zip` lines: where IP addresses are, for the location fallback (unset: no address is known). */
  IP_LOCATION_TABLE: z.string().min(1).optional(),
  /**
   * Multiplies every limit counted per client address (sign-ups, look-ups, code mails, the
   * shared login ceiling): for clients that come through a few large NATs, and for the
   * end-to-end suite, whose every person is 127.0.0.1.
   */
  ADDRESS_LIMIT_FACTOR: z.coerce.number().int().min(1).max(1000).default(1),
  /** Serve only /svc (pnpm dev, where Astro and Vite serve the pages). */
  API_ONLY: z.enum(['0', '1']).default('0'),
  /** smtp:// or smtps:// URL of the mail server; unset: mail goes to the log and the dev outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /**
   * 1: without SMTP_URL, write mail (codes and links included) to the log. Needed in production,
   * where a missing SMTP_URL otherwise stops start-up (`pnpm start` sets it for a local trial).
   */
  MAIL_LOG: z.enum(['0', '1'], 'must be 0 or 1').default('0'),
  /** Default: `Yardly <no-reply@…>` at PUBLIC_URL's domain (yardly.local without PUBLIC_URL, a local trial). */
  MAIL_FROM: z.string().min(3).optional(),
  /** Where contact-us messages are mailed; default support@ PUBLIC_URL's domain. */
  SUPPORT_EMAIL: z.string().email('must be an email address').optional(),
  /** Access token lifetime in seconds (short: tests set 2). */
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(1).max(86_400).default(900),
  /** A login's absolute lifetime in days (refresh tokens rotate within it). */
  REFRESH_TOKEN_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** The first admin: created, or its password and ROLE_ADMIN restored, at start. */
  ADMIN_EMAIL: z.string().email('must be an email address').optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  /** Signs access tokens; absent: generated once and kept in DATA_DIR/secrets.json. */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // Web Push (VAPID): both keys, base64url as `web-push generate-vapid-keys` prints them, or neither (generated into DATA_DIR).
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (65 bytes, 87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (32 bytes, 43 characters)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /** 'true': the donation flows, the storefront's at build time and the console's donation resources. */
  PUBLIC_DONATION_ENABLED: z.string().max(16).optional(),
  /** Social sign-in: a provider is offered only when both its client id and secret are set. */
  OAUTH_GOOGLE_CLIENT_ID: z.string().max(512).optional(),
  OAUTH_GOOGLE_CLIENT_SECRET: z.string().max(512).optional(),
  OAUTH_GOOGLE_ISSUER: issuerUrl('https://accounts.google.com'),
  OAUTH_FACEBOOK_CLIENT_ID: z.string().max(512).optional(),
  OAUTH_FACEBOOK_CLIENT_SECRET: z.string().max(512).optional(),
  OAUTH_FACEBOOK_ISSUER: issuerUrl('https://www.facebook.com'),
  OAUTH_LINKEDIN_CLIENT_ID: z.string().max(512).optional(),
  OAUTH_LINKEDIN_CLIENT_SECRET: z.string().max(512).optional(),
  OAUTH_LINKEDIN_ISSUER: issuerUrl('https://www.linkedin.com/oauth'),
  OAUTH_GOOGLE_TOKEN_ENDPOINT: endpointUrl,
  OAUTH_FACEBOOK_TOKEN_ENDPOINT: endpointUrl,
  OAUTH_LINKEDIN_TOKEN_ENDPOINT: endpointUrl,
  // Stripe (issue 18): both keys, or neither (the built-in test provider takes payments).
  STRIPE_SECRET_KEY: z
    .string()
    .regex(
      /^(sk|rk)_(test|live)_\w+$/,
      'must be a Stripe secret key (sk_test_..., sk_live_... or a restricted rk_ key)',
    )
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_test_... or pk_live_...)')
    .optional(),
  /** The signing secret of the webhook endpoint (whsec_...); unset: /svc/payment/webhook answers 404. */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_...)')
    .optional(),
  /**
   * The signing secret of the Connect endpoint at the same URL: the sellers' payouts happen on
   * their connected accounts, whose events (payout.paid, payout.failed) Stripe sends only to an
   * endpoint listening to connected accounts, signed with that endpoint's own secret.
   */
  STRIPE_CONNECT_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_...)')
    .optional(),
  /** Where the Stripe API is (tests point it at a local stand-in); unset: api.stripe.com. */
  STRIPE_API_BASE: endpointUrl,
  // Shippo (issue 19): its API key switches labels and tracking from the built-in carrier to Shippo.
  SHIPPO_API_KEY: z
    .string()
    .regex(/^shippo_(test|live)_\w+$/, 'must be a Shippo API token (shippo_test_... or shippo_live_...)')
    .optional(),
  /** Where the Shippo API is (tests point it at a local stand-in); unset: api.goshippo.com. */
  SHIPPO_API_URL: issuerUrl('https://api.goshippo.com'),
  /** The secret Shippo's track_updated webhooks carry; unset: /svc/shipping/webhook/shippo answers 404. */
  SHIPPO_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').max(256).optional(),
  /**
   * Photos in an S3-compatible object store (docs/decisions/0038):
   * `http(s)://ACCESS_KEY:SECRET_KEY@host[:port]/bucket`; unset: DATA_DIR/files.
   */
  S3_URL: z.string().transform(parseObjectStoreUrl).optional(),
  /** The object store's region (most S3-compatible stores accept any). */
  S3_REGION: z
    .string()
    .regex(/^[a-z]{2}(-[a-z0-9]+)+$|^auto$/, 'must be a region name such as us-east-1')
    .default('us-east-1'),
  /** `pnpm start`: how many api processes share the port (docs/decisions/0039); 1 with the embedded database. */
  API_PROCESSES: z.coerce
    .number('must be a whole number from 1 to 64')
    .int('must be a whole number from 1 to 64')
    .min(1, 'must be a whole number from 1 to 64')
    .max(64, 'must be a whole number from 1 to 64')
    .default(1),
  /**
   * Live updates between api processes (docs/decisions/0059): nats://host:port (NATS JetStream)
   * or redis://host:port (Redis Streams); unset: LISTEN/NOTIFY on the database.
   */
  LIVE_BUS_URL: z
    .string()
    .regex(/^(nats|redis):\/\/[^/?#\s]+\/?$/, 'must be nats://host:port or redis://host:port')
    .optional(),
  /** 0: this process publishes no outbox (another one must); 1 (default): it runs the relay too. */
  LIVE_BUS_RELAY: z.enum(['0', '1'], 'must be 0 or 1').default('1'),
  /** Tests of the relay only (NODE_ENV=test): the process kills itself after publishing this many events of a batch. */
  LIVE_BUS_TEST_DIE_AFTER: z.coerce.number().int().min(1).optional(),
});

/** What S3_URL says, or an issue that shows its form (never its secret). */
function parseObjectStoreUrl(value: string, ctx: z.RefinementCtx) {
  const form = 'must be http(s)://ACCESS_KEY:SECRET_KEY@host[:port]/bucket';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: form });
    return z.NEVER;
  }
  const bucket = url.pathname.replace(/^\/|\/$/g, '');
  const problem =
    url.protocol !== 'http:' && url.protocol !== 'https:'
      ? `${form} (http:// or https://)`
      : !url.username || !url.password
        ? `${form} (the access key and the secret key are missing)`
        : !bucket
          ? `${form} (the bucket is missing)`
          : !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)
            ? `${form} (the bucket name "${bucket}" is not a valid one: 3 to 63 lowercase letters, digits, dots and hyphens)`
            : url.search || url.hash
              ? `${form} (no query or fragment)`
              : undefined;
  if (problem) {
    ctx.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  }
  return {
    endpoint: `${url.protocol}//${url.host}`,
    bucket,
    // Keys with reserved characters (a secret with / or +) come percent-encoded.
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
  };
}

export type Config = ReturnType<typeof parseConfig>;
/** Stripe's keys and where its API is, when both keys are set. */
export type StripeConfig = NonNullable<Config['stripe']>;
/** Shippo's key and where its API is, when its key is set. */
export type ShippoConfig = NonNullable<Config['shippo']>;

/** Parse the environment once; a bad value stops start-up naming the variable. */
export function parseConfig(env: NodeJS.ProcessEnv = process.env) {
  // An empty variable means unset (DATABASE_URL= switches back to the embedded database).
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema
    .superRefine(requireOAuthPairs)
    .superRefine(requireVapidPair)
    .superRefine(requireStripePair)
    .superRefine(requireMailServerInProduction)
    .superRefine(requirePublicSenderInProduction)
    .superRefine(requireOneProcessOnTheEmbeddedDatabase)
    .superRefine(requirePoolerBesideDirectUrl)
    .safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const mail = mailIdentity(e);
  // Relative to where `pnpm ...` was typed (pnpm runs package scripts inside api/).
  const dataDir = resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    /** The database without a pooler between (DATABASE_DIRECT_URL, else DATABASE_URL); unset on the embedded database. */
    databaseDirectUrl: e.DATABASE_URL ? (e.DATABASE_DIRECT_URL ?? e.DATABASE_URL) : undefined,
    /** Replicas for lag-tolerant reads: PostgreSQL only (the embedded database has none). */
    databaseReadUrls: e.DATABASE_URL ? (e.DATABASE_READ_URLS ?? []) : [],
    databaseReadMaxLagMs: e.DATABASE_READ_MAX_LAG_MS,
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    /** Demo data by default on a fresh embedded database; on PostgreSQL only when asked. */
    seedDemo: e.SEED ? e.SEED === 'demo' : !e.DATABASE_URL,
    seedRequested: e.SEED === 'demo',
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, '') ?? `http://localhost:${e.PORT}`,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    filesDir: resolve(dataDir, 'files'),
    /** Where photos go instead of filesDir, when S3_URL is set. */
    objectStore: e.S3_URL ? { ...e.S3_URL, region: e.S3_REGION } : undefined,
    apiProcesses: e.API_PROCESSES,
    liveBus: {
      url: e.LIVE_BUS_URL,
      relay: e.LIVE_BUS_RELAY === '1',
      dieAfterPublishing: e.NODE_ENV === 'test' ? e.LIVE_BUS_TEST_DIE_AFTER : undefined,
    },
    apiOnly: e.API_ONLY === '1',
    trustProxyHops: e.TRUST_PROXY,
    ipLocationTable: e.IP_LOCATION_TABLE ? resolve(env.INIT_CWD ?? process.cwd(), e.IP_LOCATION_TABLE) : undefined,
    addressLimitFactor: e.ADDRESS_LIMIT_FACTOR,
    smtpUrl: e.SMTP_URL,
    mailFrom: mail.from,
    /** The domain of Message-IDs: the From address's. */
    mailDomain: mail.domain,
    supportEmail: mail.support,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL,
    refreshTokenDays: e.REFRESH_TOKEN_DAYS,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    jwtSecret: e.JWT_SECRET,
    vapid: {
      keys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      /** Who push services may contact about this sender. */
      subject: e.VAPID_SUBJECT ?? `mailto:${mail.support}`,
    },
    donationEnabled: donationFlag(e.PUBLIC_DONATION_ENABLED),
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            connectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET,
            apiBase: e.STRIPE_API_BASE,
          }
        : undefined,
    shippo: e.SHIPPO_API_KEY
      ? {
          apiKey: e.SHIPPO_API_KEY,
          apiUrl: e.SHIPPO_API_URL.replace(/\/$/, ''),
          webhookSecret: e.SHIPPO_WEBHOOK_SECRET,
        }
      : undefined,
    oauthProviders: Object.fromEntries(
      SOCIAL_PROVIDERS.map((provider) => {
        const names = OAUTH_ENV[provider];
        const clientId = e[names.id];
        const clientSecret = e[names.secret];
        const profile = PROVIDER_PROFILES[provider];
        const tokenEndpoint = e[names.tokenEndpoint] ?? profile.tokenEndpoint;
        return [
          provider,
          clientId && clientSecret
            ? { ...profile, clientId, clientSecret, issuer: e[names.issuer], tokenEndpoint }
            : undefined,
        ];
      }),
    ) as Record<SocialProvider, OAuthProviderConfig | undefined>,
  };
}

/** Half a provider (an id without its secret, or the reverse) is a mistake: say which variable is missing. */
function requireOAuthPairs(e: z.output<typeof envSchema>, ctx: z.RefinementCtx) {
  for (const names of Object.values(OAUTH_ENV)) {
    const [id, secret] = [e[names.id], e[names.secret]];
    if (id && !secret)
      ctx.addIssue({ code: 'custom', path: [names.secret], message: `required when ${names.id} is set` });
    if (secret && !id)
      ctx.addIssue({ code: 'custom', path: [names.id], message: `required when ${names.secret} is set` });
  }
}

/** One VAPID key without the other cannot sign: say which is missing. */
function requireVapidPair(e: z.output<typeof envSchema>, ctx: z.RefinementCtx) {
  if (e.VAPID_PUBLIC_KEY && !e.VAPID_PRIVATE_KEY)
    ctx.addIssue({ code: 'custom', path: ['VAPID_PRIVATE_KEY'], message: 'required when VAPID_PUBLIC_KEY is set' });
  if (e.VAPID_PRIVATE_KEY && !e.VAPID_PUBLIC_KEY)
    ctx.addIssue({ code: 'custom', path: ['VAPID_PUBLIC_KEY'], message: 'required when VAPID_PRIVATE_KEY is set' });
}

/** Stripe takes payments only with both keys: one without the other is a mistake, so say which is missing. */
function requireStripePair(e: z.output<typeof envSchema>, ctx: z.RefinementCtx) {
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_PUBLISHABLE_KEY)
    ctx.addIssue({
      code: 'custom',
      path: ['STRIPE_PUBLISHABLE_KEY'],
      message: 'required when STRIPE_SECRET_KEY is set',
    });
  if (e.STRIPE_PUBLISHABLE_KEY && !e.STRIPE_SECRET_KEY)
    ctx.addIssue({
      code: 'custom',
      path: ['STRIPE_SECRET_KEY'],
      message: 'required when STRIPE_PUBLISHABLE_KEY is set',
    });
  if (e.STRIPE_WEBHOOK_SECRET && !e.STRIPE_SECRET_KEY && !e.STRIPE_PUBLISHABLE_KEY)
    ctx.addIssue({
      code: 'custom',
      path: ['STRIPE_SECRET_KEY'],
      message: 'required when STRIPE_WEBHOOK_SECRET is set',
    });
  // The Connect endpoint is a second endpoint beside the account's one, at the same URL.
  if (e.STRIPE_CONNECT_WEBHOOK_SECRET && !e.STRIPE_WEBHOOK_SECRET)
    ctx.addIssue({
      code: 'custom',
      path: ['STRIPE_WEBHOOK_SECRET'],
      message: 'required when STRIPE_CONNECT_WEBHOOK_SECRET is set',
    });
}

/** The domain names no public mail or push service accepts (issue 34: Apple answers 403 for .local). */
/** The primary database `openDatabase` opens for this configuration (PostgreSQL, or PGlite in DATA_DIR). */
export function primaryDatabase(config: Config) {
  return { databaseUrl: config.databaseUrl, directUrl: config.databaseDirectUrl, dataDir: config.dataDir };
}

export function isPrivateDomain(domain: string): boolean {
  return /(^|\.)(local|localhost|internal|invalid|test|example|home\.arpa|lan)$/i.test(domain) || !domain.includes('.');
}

const domainOf = (address: string) => /@([^@>\s]+)>?\s*$/.exec(address)?.[1]?.toLowerCase() ?? '';

/**
 * Who the mail is from, where support is, and the Message-ID domain: as configured, else at
 * PUBLIC_URL's domain (www. dropped), else yardly.local (a local trial, whose mail goes only
 * to the log and the dev outbox).
 */
function mailIdentity(e: z.output<typeof envSchema>) {
  const site = e.PUBLIC_URL ? new URL(e.PUBLIC_URL).hostname.replace(/^www\./, '') : 'yardly.local';
  const from = e.MAIL_FROM ?? `Yardly <no-reply@${site}>`;
  const support = e.SUPPORT_EMAIL ?? `support@${site}`;
  return { from, support, domain: domainOf(from) || site };
}

/**
 * A mail server (or push services) in production must never be sent a private domain: the From,
 * the Message-IDs and the VAPID subject. Start-up names what to set.
 */
function requirePublicSenderInProduction(e: z.output<typeof envSchema>, ctx: z.RefinementCtx) {
  if (e.NODE_ENV !== 'production') return;
  const mail = mailIdentity(e);
  if (e.SMTP_URL && isPrivateDomain(mail.domain)) {
    ctx.addIssue({
      code: 'custom',
      path: [e.MAIL_FROM ? 'MAIL_FROM' : 'PUBLIC_URL'],
      message: `mail would be sent from ${mail.domain}, which mail services refuse: set PUBLIC_URL to the site's address (its domain is used) or MAIL_FROM`,
    });
  }
  const subject = e.VAPID_SUBJECT ?? `mailto:${mail.support}`;
  const subjectDomain = subject.startsWith('mailto:') ? domainOf(subject) : new URL(subject).hostname;
  if (e.PUBLIC_URL && isPrivateDomain(subjectDomain)) {
    ctx.addIssue({
      code: 'custom',
      path: [e.VAPID_SUBJECT ? 'VAPID_SUBJECT' : 'SUPPORT_EMAIL'],
      message: `the Web Push subject ${subject} names ${subjectDomain}, which push services refuse (Apple: 403 BadJwtToken): set VAPID_SUBJECT to a mailto: address or https:// URL of a public domain`,
    });
  }
}

/**
 * Without a mail server, codes and reset links would go to the log: production refuses that
 * unless MAIL_LOG=1 says it is meant (a trial on one's own machine).
 */
function requireMailServerInProduction(e: z.output<typeof envSchema>, ctx: z.RefinementCtx) {
  if (e.NODE_ENV === 'production' && !e.SMTP_URL && e.MAIL_LOG !== '1') {
    ctx.addIssue({
      code: 'custom',
      path: ['SMTP_URL'],
      message: 'required in production (or set MAIL_LOG=1 to write mail, codes included, to the log)',
    });
  }
}

/** The embedded database is one process per DATA_DIR (it takes a lock): several need PostgreSQL. */
function requireOneProcessOnTheEmbeddedDatabase(e: z.output<typeof envSchema>, ctx: z.RefinementCtx) {
  if (e.API_PROCESSES > 1 && !e.DATABASE_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['API_PROCESSES'],
      message:
        'must be 1 with the embedded database (one process per DATA_DIR); set DATABASE_URL to run several api processes on PostgreSQL',
    });
  }
}

/** A direct URL says what is behind DATABASE_URL's pooler: without DATABASE_URL it means nothing. */
function requirePoolerBesideDirectUrl(e: z.output<typeof envSchema>, ctx: z.RefinementCtx) {
  if (e.DATABASE_DIRECT_URL && !e.DATABASE_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['DATABASE_DIRECT_URL'],
      message: 'needs DATABASE_URL (the pooler the api sends its queries through)',
    });
  }
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}
