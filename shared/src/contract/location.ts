import { z } from 'zod';
import { defineCall } from './call';

/** A US zip code's place (spec section 7: data.address of GET /svc/location/zip). */
export const zipAddressSchema = z.object({
  country: z.string(),
  formattedAddress: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  state: z.string(),
  stateCode: z.string(),
  zip: z.string(),
  city: z.string(),
});
export type ZipAddress = z.infer<typeof zipAddressSchema>;

export const zipLookupCall = defineCall({
  method: 'GET',
  path: '/location/zip',
  auth: 'none',
  summary: "A US zip code's city, state and coordinates; 'Error fetching location details' otherwise",
  // Checked by the service, so a wrong zip answers with the spec's message.
  query: z.object({ zip: z.string().max(32).default('') }),
  response: z.object({ address: zipAddressSchema }),
});
