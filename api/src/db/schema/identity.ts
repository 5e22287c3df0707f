import { boolean, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, id, reference } from './columns';
import { users } from './users';

/** A provider's identity kept while the person proves an email (social sign-in without a vouched email). */
export interface PendingIdentity {
  issuer: string;
  subject: string;
  email?: string;
  givenName?: string;
  familyName?: string;
  name?: string;
}

export const codePurpose = pgEnum('code_purpose', [
  'verify_email',
  'login',
  'reset_password',
  'change_email',
  'work_email',
  /** A social sign-in whose provider did not vouch for the email: the person proves it. */
  'social_email',
]);

/** Six-digit codes sent by mail: stored hashed, single use, short-lived, few tries. */
export const authCodes = pgTable(
  'auth_codes',
  {
    id: id(),
    /** Where the code was sent (lowercased). */
    email: text('email').notNull(),
    purpose: codePurpose('purpose').notNull(),
    userId: reference('user_id', () => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    /** What the code confirms beyond the address, e.g. the new email of a change. */
    payload: jsonb('payload').$type<Record<string, string>>(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('auth_codes_lookup_idx').on(t.email, t.purpose, t.createdAt.desc())],
);

/**
 * A login: one per sign-in, with one absolute end. Its refresh tokens rotate within it and
 * every access token names it, so ending it (log-out, a replayed refresh token, a password
 * change or reset, a block) refuses them all at once.
 */
export const sessions = pgTable(
  'sessions',
  {
    /** Opaque (a random UUID): access tokens carry it as `sid`. */
    id: text('id').primaryKey(),
    userId: reference('user_id', () => users.id, { onDelete: 'cascade' }).notNull(),
    /** The login's absolute end: rotation never extends it. */
    expiresAt: at('expires_at').notNull(),
    /** Ended: every token of the session is refused from then on. */
    revokedAt: at('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Refresh tokens: opaque, stored hashed, rotated on every use. The tokens of one session form
 * its family; presenting a used token ends the session (it was stolen or replayed).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    /** The session (sessions.id) this token belongs to. */
    familyId: text('family_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    userId: reference('user_id', () => users.id, { onDelete: 'cascade' }).notNull(),
    tokenHash: text('token_hash').notNull(),
    usedAt: at('used_at'),
    deviceId: text('device_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_idx').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/**
 * Rate limits per key, in fixed windows (api/src/modules/auth/rate-limits.ts): failed password
 * logins (`failures` counts them and `locked_until` locks), and requests counted per address or
 * per email (sign-ups, look-ups, code mails), where `failures` counts the requests.
 */
export const loginThrottles = pgTable('login_throttles', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: at('window_start').notNull().defaultNow(),
  lockedUntil: at('locked_until'),
});

/**
 * The devices (their device_id header, hashed) that signed in to an account, and when last: a
 * known device may still try a password when its address or the account is under attack.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: reference('user_id', () => users.id, { onDelete: 'cascade' }).notNull(),
    deviceHash: text('device_hash').notNull(),
    lastSignedInAt: at('last_signed_in_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);

/** A sign-in provider's account, keyed by (issuer, subject), linked to one of ours. */
export const socialIdentities = pgTable(
  'social_identities',
  {
    id: id(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: reference('user_id', () => users.id, { onDelete: 'cascade' }).notNull(),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('social_identities_key_idx').on(t.issuer, t.subject)],
);

/**
 * One social sign-in: the trip to the provider and back (state, PKCE verifier, nonce; ten
 * minutes, single use), then the one-time ticket the return page trades for the login data
 * (two minutes, single use). State, browser binding and ticket are stored as SHA-256 hashes.
 */
export const oauthFlows = pgTable(
  'oauth_flows',
  {
    id: id(),
    provider: text('provider').notNull(),
    stateHash: text('state_hash').notNull(),
    /** The cookie of the browser that started the flow: a callback from another browser is refused. */
    browserHash: text('browser_hash').notNull(),
    /** Sent to the token endpoint in the clear, so kept in the clear (useless without the code). */
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    returnPath: text('return_path').notNull(),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
    ticketHash: text('ticket_hash'),
    ticketExpiresAt: at('ticket_expires_at'),
    ticketUsedAt: at('ticket_used_at'),
    userId: reference('user_id', () => users.id, { onDelete: 'cascade' }),
    isNewUser: boolean('is_new_user').notNull().default(false),
    /** Who the provider said signed in, kept while the person proves an email by code. */
    pendingIdentity: jsonb('pending_identity').$type<PendingIdentity>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('oauth_flows_state_idx').on(t.stateHash),
    uniqueIndex('oauth_flows_ticket_idx').on(t.ticketHash),
    index('oauth_flows_created_idx').on(t.createdAt),
  ],
);

/**
 * What every instance on this database seals and signs with, as a fingerprint (an HMAC keyed by
 * the secret, never the secret): an instance started with another JWT_SECRET or VAPID key pair
 * refuses to start, naming the variable (issue 34, docs/decisions/0047).
 */
export const instanceSecrets = pgTable('instance_secrets', {
  /** The variable(s): 'JWT_SECRET', 'VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY'. */
  name: text('name').primaryKey(),
  fingerprint: text('fingerprint').notNull(),
  createdAt: createdAt(),
});
