import { staticDataCalls } from '@yardly/shared/contract';
import { COMMISSION_SCHEDULE, US_STATES } from '@yardly/shared/rules';
import { defineCapability } from '../../http/capability';

/** `GET /svc/static`: the shared rules' reference data, as the api's other answers read it (one source). */
export const staticDataCapability = defineCapability({
  name: 'static-data',
  calls: staticDataCalls,
  handlers: () => ({
    staticData: async ({ query }) =>
      query.name === 'states' ? { states: [...US_STATES] } : { commission: [...COMMISSION_SCHEDULE] },
  }),
});
