import type { SQL } from 'drizzle-orm';
import { visibleListing } from './visibility';

/** A listing anyone can find: live and not past its end. */
export function liveListing(): SQL {
  return visibleListing('listed', 'public');
}
