import { rentalSearchCalls } from '@yardly/shared/contract';
import { defineCapability } from '../../http/capability';
import { searchRentals } from './service';

/** `POST /rental/search` (no /svc prefix, as the marketplace's search): anonymous. */
export const rentalSearchCapability = defineCapability({
  name: 'rental-search',
  calls: rentalSearchCalls,
  handlers: ({ readDb }) => ({
    // Lag-tolerant: a read replica's, if any (docs/decisions/0060).
    search: ({ body, request }) => searchRentals(readDb(request), body),
  }),
});
