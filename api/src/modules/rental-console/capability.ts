import { defineCapability } from '../../http/capability';
import { rentalPropertiesResource } from './properties';
import { rentalsResource } from './rentals';
import { rentalReportsResource } from './reports';

/** The console's rentals (issue 20 §4): the rental listings and their moderation, their report queue, the form's attribute lists. */
export const rentalConsoleCapability = defineCapability({
  name: 'rental-console',
  adminResources: (s) => [rentalsResource(s), rentalReportsResource(s), rentalPropertiesResource],
});
