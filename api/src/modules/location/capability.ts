import { locationCalls } from '@yardly/shared/contract';
import { defineCapability } from '../../http/capability';
import { addressOfZip, nearestZip, saveUserLocation } from './service';

export const locationCapability = defineCapability({
  name: 'location',
  calls: locationCalls,
  handlers: ({ db }) => ({
    byZip: async ({ query }) => ({ address: await addressOfZip(db, query.zip) }),
    nearest: async ({ query }) => ({ address: await nearestZip(db, query.lat, query.lng) }),
    save: async ({ query, caller }) => ({ address: await saveUserLocation(db, caller.userId, query.zip) }),
  }),
});
