import { bindCalls, createHttpClient } from '@yardly/shared/client';
import { adminCalls, authCalls, categoryCalls, healthCalls } from '@yardly/shared/contract';
import { session } from './session';

const http = createHttpClient({ session });

/**
 * The console's one API client: the dashboard uses its typed calls, the data provider its ky
 * instance (`api.http.ky`), so both send the same token and share refresh handling. Only the
 * calls the console makes are bound: the whole contract's schemas would be a fifth of the
 * console's first load (docs/decisions/0055-light-first-loads.md).
 */
export const api = {
  http,
  health: bindCalls(http, healthCalls),
  admin: bindCalls(http, adminCalls),
  categories: bindCalls(http, categoryCalls),
  auth: bindCalls(http, authCalls),
};
