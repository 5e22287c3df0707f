import { readFileSync } from 'node:fs';
import { locationCalls } from '@yardly/shared/contract';
import { ConfigError } from '../../config';
import { defineCapability } from '../../http/capability';
import type { AppServices } from '../../services';
import { type IpLocator, parseRangeTable, rangeTableLocator } from './ip-locator';
import { addressOfZip, locateAddress, nearestZip, saveUserLocation } from './service';

/** The IP locator: the operator's table when IP_LOCATION_TABLE names one, else the built-in one (no address known). */
function ipLocatorOf(path: string | undefined): IpLocator {
  if (!path) return rangeTableLocator();
  try {
    return rangeTableLocator(parseRangeTable(readFileSync(path, 'utf8')));
  } catch (cause) {
    throw new ConfigError(`Invalid configuration: IP_LOCATION_TABLE: ${(cause as Error).message}`);
  }
}

export const locationCapability = defineCapability({
  name: 'location',
  calls: locationCalls,
  services: (app: AppServices) => ({ db: app.db, ipLocator: ipLocatorOf(app.config.ipLocationTable) }),
  handlers: ({ db, ipLocator }) => ({
    byZip: async ({ query }) => ({ address: await addressOfZip(db, query.zip) }),
    nearest: async ({ query }) => ({ address: await nearestZip(db, query.lat, query.lng) }),
    // request.ip: the socket's address, or with TRUST_PROXY the client's as the proxy saw it.
    byIp: async ({ request }) => locateAddress(db, ipLocator, request.ip),
    save: async ({ query, caller }) => ({ address: await saveUserLocation(db, caller.userId, query.zip) }),
  }),
});
