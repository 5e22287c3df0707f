import { z } from 'zod';
import { locationMessages } from '../rules/messages';
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

/** Browser geolocation to a place: the US zip whose centre is nearest. */
export const nearestZipCall = defineCall({
  method: 'GET',
  path: '/location/nearest',
  auth: 'none',
  summary: 'The US zip code nearest to a latitude and longitude',
  query: z.object({
    lat: z.coerce
      .number({ message: locationMessages.latNotNumber })
      .min(-90, locationMessages.latOutOfRange)
      .max(90, locationMessages.latOutOfRange),
    lng: z.coerce
      .number({ message: locationMessages.lngNotNumber })
      .min(-180, locationMessages.lngOutOfRange)
      .max(180, locationMessages.lngOutOfRange),
  }),
  response: z.object({ address: zipAddressSchema }),
});

/** Spec section 7: a signed-in person's chosen location is kept on the account. */
export const updateLocationCall = defineCall({
  method: 'POST',
  path: '/users/update-location',
  auth: 'required',
  summary: "Save the caller's location (a US zip code) on their account",
  query: z.object({ zip: z.string().max(32).default('') }),
  response: z.object({ address: zipAddressSchema }),
});

/**
 * The IP-based fallback of the visitor's location (spec section 3: ipZip, ipCity, lat, lng),
 * from the address the request came from; all null when that address is not known.
 */
export const ipLocationSchema = z.object({
  ipZip: z.string().nullable(),
  ipCity: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});
export type IpLocation = z.infer<typeof ipLocationSchema>;

export const ipLocationCall = defineCall({
  method: 'GET',
  path: '/location/ip',
  auth: 'none',
  summary: "The caller's place from their IP address (ipZip, ipCity, lat, lng); nulls when it is not known",
  response: ipLocationSchema,
});

export const locationCalls = {
  byZip: zipLookupCall,
  nearest: nearestZipCall,
  /** Where the caller's IP address is, for a visitor who chose no place. */
  byIp: ipLocationCall,
  /** Keep the signed-in person's zip on their account. */
  save: updateLocationCall,
} as const;
