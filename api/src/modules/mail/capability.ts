import { devCalls } from '@yardly/shared/contract';
import { defineCapability } from '../../http/capability';
import { devOutboxHandlers } from './routes';

/** GET /svc/dev/outbox: the mails sent lately; app.ts installs it only when NODE_ENV is not production. */
export const devOutboxCapability = defineCapability({
  name: 'dev-outbox',
  calls: devCalls,
  handlers: ({ db }) => devOutboxHandlers(db),
});
