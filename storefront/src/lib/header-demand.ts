import { SESSION_STORAGE_KEYS } from '@yardly/shared/client';
import type { DemandOptions } from '../integrations/client-demand-directive';
import { HEADER_WANTED } from './header-events';

/**
 * When the header's React island (components/header/Header.tsx: the search box's
 * suggestions, the toast outlet, the sign-in and location dialogs) hydrates (client:demand).
 * The rest of the header is HTML and a small script; this part waits until used: the search
 * box touched, a header control that needs it, a toast or a dialog another island asks for
 * (`wakeHeader`), `?q=` in the address (its box shows the search), or the logged-out marker
 * the api client leaves when the server ended the session (its toast).
 */
export const HEADER_DEMAND: DemandOptions = {
  params: ['q'],
  stored: [SESSION_STORAGE_KEYS.loggedOut],
  event: HEADER_WANTED,
};

/** The header holds the toast outlet and the sign-in dialogs: an island showing one wakes it. */
export function wakeHeader(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(HEADER_WANTED));
}
