import type { Clock } from '../../clock/clock';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import type { Mailer } from '../mail/mailer';
import { accessTokens } from './access-tokens';
import { codeStore } from './codes';
import { knownDevices } from './known-devices';
import { limitsInForce } from './limits-in-force';
import { loginThrottle } from './login-throttle';
import { rateLimits } from './rate-limits';
import { type EndLiveStreams, refreshTokenStore } from './refresh-tokens';
import { callerResolver } from './resolve-caller';
import { type AuthPorts, authService } from './service';

/** The identity parts, put together from the configuration. */
export function createAuth({
  config,
  database,
  mailer,
  clock,
  secret,
  ports,
  endLiveStreams,
}: {
  config: Config;
  database: Database;
  mailer: Mailer;
  clock: Clock;
  /** The server secret (JWT_SECRET or DATA_DIR/secrets.json): signs tokens, keys the codes' HMAC. */
  secret: Uint8Array;
  /** What sign-up and log-in ask of the capabilities built on accounts (service.ts). */
  ports: AuthPorts;
  /** Ends a person's open live streams with their sessions (live's, so it travels as live events do). */
  endLiveStreams: EndLiveStreams;
}) {
  const db = database.db;
  const access = accessTokens(secret, config.accessTokenTtlSeconds, clock);
  const codes = codeStore(db, secret, clock);
  const limits = rateLimits(db, clock);
  const rules = limitsInForce(config.addressLimitFactor);
  const auth = authService({
    db,
    mailer,
    access,
    codes,
    refresh: refreshTokenStore(db, config.refreshTokenDays, clock, endLiveStreams),
    throttle: loginThrottle(limits, rules),
    limits,
    rules,
    devices: knownDevices(db, clock),
    clock,
    donationEnabled: config.donationEnabled,
    publicUrl: config.publicUrl,
    ports,
  });
  return { auth, codes, resolveCaller: callerResolver(db, access, clock) };
}
