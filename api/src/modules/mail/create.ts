import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import type { Jobs } from '../../jobs/runner';
import { createMailer } from './mailer';
import { mailBodySealer } from './sealed-body';
import { createMailTransport } from './transport';

/** The mail parts from the configuration: the queueing mailer and the transport its job delivers with. */
export function createMail(deps: {
  config: Config;
  db: Db;
  jobs: Jobs;
  log: { info(obj: object, msg: string): void };
  /** The server secret: mail bodies are sealed with a key derived from it. */
  secret: Uint8Array;
}) {
  const bodies = mailBodySealer(deps.secret);
  const transport = createMailTransport({
    db: deps.db,
    smtpUrl: deps.config.smtpUrl,
    from: deps.config.mailFrom,
    messageDomain: deps.config.mailDomain,
    log: deps.log,
    bodies,
  });
  return { transport, mailer: createMailer({ db: deps.db, jobs: deps.jobs, transport, bodies }) };
}
