import { rentalSearchCalls } from '@yardly/shared/contract';
import { defineCapability } from '../../http/capability';
import { searchRentals } from './service';

/** `POST /rental/search` (no /svc prefix, as the marketplace's search): anonymous. */
export const rentalSearchCapability = defineCapability({
  name: 'rental-search',
  calls: rentalSearchCalls,
  handlers: ({ db }) => ({
    search: ({ body }) => searchRentals(db, body),
  }),
});
