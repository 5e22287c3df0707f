import { SESSION_STORAGE_KEYS } from '@yardly/shared/client';
import type { DemandOptions } from '../integrations/client-demand-directive';
import { HEADER_WANTED } from './header-events';

/**
 * When the header's React part (HeaderOutlet: the toast outlet, the sign-in and location
 * dialogs) hydrates (client:demand). The header itself is HTML and a small script
 * (components/header/); this part waits until something is shown in it: a header button
 * that needs it, a toast or a dialog another island asks for (`wakeHeader`), or the
 * logged-out marker the api client leaves when the server ended the session (its toast).
 */
export const HEADER_OUTLET_DEMAND: DemandOptions = {
  stored: [SESSION_STORAGE_KEYS.loggedOut],
  event: HEADER_WANTED,
};

/** The header holds the toast outlet and the sign-in dialogs: an island showing one wakes it. */
export function wakeHeader(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(HEADER_WANTED));
}
