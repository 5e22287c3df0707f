import { createApi } from '@yardly/shared/client';
import { session } from './session';

/**
 * The console's one API client: the dashboard uses its typed helpers, the data provider its
 * ky instance (`api.http.ky`), so both send the same token and share refresh handling.
 */
export const api = createApi({ session });
