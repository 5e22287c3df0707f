import { doublePrecision, pgTable, text } from 'drizzle-orm/pg-core';

/** US zip codes (the `zipcodes` package): reference data for locations and distances. */
export const zipCodes = pgTable('zip_codes', {
  zip: text('zip').primaryKey(),
  city: text('city').notNull(),
  stateCode: text('state_code').notNull(),
  // 306 zips have no coordinates: they can be shown but not searched by distance.
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
});
