import { SESSION_STORAGE_KEYS } from '@yardly/shared/client';
import type { DemandOptions } from '../integrations/client-demand-directive';

/**
 * For islands that show something about the signed-in person (a saved heart, the seller's own
 * controls): at once when someone is signed in in this browser; for a guest, whose view is the
 * server's HTML, when first touched (client:demand holds a button pressed meanwhile).
 */
export const PERSONAL_DEMAND: DemandOptions = { stored: [SESSION_STORAGE_KEYS.session] };
