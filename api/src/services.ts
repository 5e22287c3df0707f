import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock/clock';
import type { Config } from './config';
import type { Database, Db } from './db/connect';
import type { ReadDb } from './http/read-routing';
import type { Jobs } from './jobs/runner';
import type { CodeStore } from './modules/auth/codes';
import type { AuthService } from './modules/auth/service';
import type { FileStore } from './modules/files/file-store';
import type { Live } from './modules/live/live';
import type { Mailer } from './modules/mail/mailer';
import type { MailTransport } from './modules/mail/transport';
import type { PaymentProvider } from './modules/payments/provider';
import type { PaymentEventRegistry } from './modules/payments/webhook-registry';
import type { Shipping } from './modules/shipping/shipping';
import type { Processes } from './process/processes';

/** What the app builds once and every capability may use: configuration, storage, identity, mail. */
export interface AppServices {
  config: Config;
  database: Database;
  db: Db;
  /**
   * The database for a read that tolerates a little lag (search, browse, public pages): a read
   * replica that has replayed the caller's last write, else `db` (docs/decisions/0060).
   */
  readDb: ReadDb;
  files: FileStore;
  log: FastifyBaseLogger;
  /** The one clock every time rule reads (a dev clock that tests move, outside production). */
  clock: Clock;
  /** Durable jobs: capabilities enqueue in their own transactions. */
  jobs: Jobs;
  /** Live updates: `live.record(tx, events)` tells people's open pages when the transaction commits. */
  live: Live;
  auth: AuthService;
  codes: CodeStore;
  /** Queues mail in the caller's transaction; `transport` is what the mail jobs send with. */
  mailer: Mailer;
  transport: MailTransport;
  /** What capabilities do when a payment provider's event arrives (`onPaymentEvent`). */
  paymentEvents: PaymentEventRegistry;
  /** The payment provider (the built-in test provider unless Stripe is configured). */
  payments: PaymentProvider;
  /** Labels and tracking (issue 19): the carrier, the return label, `onShipmentDelivered` (modules/shipping/shipping.ts). */
  shipping: Shipping;
  /** Every process bound once (process/processes.ts): take events through these, subscribe on `registry`. */
  processes: Processes;
  /** The server secret: tokens, and what is sealed at rest (mail bodies, a payout account number). */
  secret: Uint8Array;
}
