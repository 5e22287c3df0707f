import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database, Db } from './db/connect';
import type { CodeStore } from './modules/auth/codes';
import type { AuthService } from './modules/auth/service';
import type { FileStore } from './modules/files/file-store';
import type { Mailer } from './modules/mail/mailer';

/** What the app builds once and every capability may use: configuration, storage, identity, mail. */
export interface AppServices {
  config: Config;
  database: Database;
  db: Db;
  files: FileStore;
  log: FastifyBaseLogger;
  auth: AuthService;
  codes: CodeStore;
  mailer: Mailer;
  /** The signing secret: tokens, and what is sealed at rest (a payout account number). */
  secret: Uint8Array;
}
