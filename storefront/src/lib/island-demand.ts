import { SESSION_STORAGE_KEYS } from '@yardly/shared/client';
import type { DemandOptions } from '../integrations/client-demand-directive';
import { IP_LOCATION_STORAGE_KEY, LOCATION_STORAGE_KEY, PLACE_CHOSEN } from '../stores/location';

/**
 * For islands that show something about the signed-in person (a saved heart, the seller's own
 * controls): at once when someone is signed in in this browser; for a guest, whose view is the
 * server's HTML, when first touched (client:demand holds a button pressed meanwhile).
 */
export const PERSONAL_DEMAND: DemandOptions = { stored: [SESSION_STORAGE_KEYS.session] };

/**
 * For islands that show something near the visitor's place, rendered first by the server near
 * the place cookie: at once when this browser holds a place (chosen, or the IP address's) the
 * server may not have had, and when the visitor chooses one; otherwise when first touched.
 */
export const PLACE_DEMAND: DemandOptions = {
  stored: [LOCATION_STORAGE_KEY, IP_LOCATION_STORAGE_KEY],
  event: PLACE_CHOSEN,
};
