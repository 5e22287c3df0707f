import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { createMailer } from '../mail/mailer';
import { accessTokens } from './access-tokens';
import { codeStore } from './codes';
import { loginThrottle } from './login-throttle';
import { refreshTokenStore } from './refresh-tokens';
import { callerResolver } from './resolve-caller';
import { loadSigningSecret } from './secrets';
import { authService } from './service';

/** The identity parts, put together from the configuration. */
export function createAuth({
  config,
  database,
  log,
}: {
  config: Config;
  database: Database;
  log: { info(obj: object, msg: string): void };
}) {
  const db = database.db;
  const secret = loadSigningSecret({ configured: config.jwtSecret, dataDir: config.dataDir });
  const access = accessTokens(secret, config.accessTokenTtlSeconds);
  const mailer = createMailer({
    db,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log,
  });
  const codes = codeStore(db, secret);
  const auth = authService({
    db,
    mailer,
    access,
    codes,
    refresh: refreshTokenStore(db, config.refreshTokenDays),
    throttle: loginThrottle(db),
  });
  return { auth, codes, mailer, secret, resolveCaller: callerResolver(db, access) };
}
