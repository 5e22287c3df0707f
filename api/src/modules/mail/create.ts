import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import type { Jobs } from '../../jobs/runner';
import { createMailer } from './mailer';
import { createMailTransport } from './transport';

/** The mail parts from the configuration: the queueing mailer and the transport its job delivers with. */
export function createMail(deps: {
  config: Config;
  db: Db;
  jobs: Jobs;
  log: { info(obj: object, msg: string): void };
}) {
  const transport = createMailTransport({
    db: deps.db,
    smtpUrl: deps.config.smtpUrl,
    from: deps.config.mailFrom,
    log: deps.log,
  });
  return { transport, mailer: createMailer({ db: deps.db, jobs: deps.jobs, transport }) };
}
