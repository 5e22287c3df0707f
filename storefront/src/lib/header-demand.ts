import { SESSION_STORAGE_KEYS } from '@yardly/shared/client';
import type { DemandOptions } from '../integrations/client-demand-directive';

const HEADER_WANTED = 'yardly:header-wanted';

/**
 * When the header island hydrates (client:demand). On a phone its menu is folded away, so a
 * guest reading a page needs none of its code until they touch it. At once on a wide screen,
 * where the menu shows who is signed in (the width at which global.css unfolds it); for
 * someone signed in, or signed out by the server (the header restores the session and says
 * so); and when the address asks for something the header does: `?q=` fills its search box,
 * `?q=login` opens a dialog.
 */
export const HEADER_DEMAND: DemandOptions = {
  media: '(min-width: 1024px)',
  params: ['q'],
  stored: [SESSION_STORAGE_KEYS.session, SESSION_STORAGE_KEYS.loggedOut],
  event: HEADER_WANTED,
};

/** The header holds the toast outlet and the sign-in dialogs: an island showing one wakes it. */
export function wakeHeader(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(HEADER_WANTED));
}
