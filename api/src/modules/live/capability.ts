import { liveCalls } from '@yardly/shared/contract';
import { defineCapability } from '../../http/capability';
import { pruneLive } from './prune';
import { installLiveStream } from './stream';
import { issueLiveTicket } from './tickets';

/** The live stream of each tab (GET /svc/live), its tickets, and the pruning of its log. */
export const liveCapability = defineCapability({
  name: 'live',
  calls: liveCalls,
  handlers: ({ db, clock }) => ({
    ticket: ({ caller }) => issueLiveTicket(db, clock, caller),
  }),
  routes: (app, s) => installLiveStream(app, s),
  jobs: () => [pruneLive],
});
