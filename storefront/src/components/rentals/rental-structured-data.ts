import type { RentalDetail } from '@yardly/shared/contract';
import { centsToDollars } from '@yardly/shared/rules';

const SCHEMA = 'https://schema.org/';

/** schema.org's kind of place for a property type; Accommodation for anything else. */
const PLACE_TYPES: Record<string, string> = {
  apartment: 'Apartment',
  condo: 'Apartment',
  house: 'SingleFamilyResidence',
  townhouse: 'House',
  room: 'Room',
};

export function schemaPlaceType(propertyType: string): string {
  return PLACE_TYPES[propertyType] ?? 'Accommodation';
}

/**
 * The JSON-LD of a rental's page: an Offer to lease out (GoodRelations' LeaseOut) at the monthly
 * rent, whose item is the place (Apartment, SingleFamilyResidence, House, Room or Accommodation)
 * with its rooms, size, pets and address; the street only when the landlord shows it.
 */
export function rentalJsonLd(input: { rental: RentalDetail; url: string; images: string[] }): Record<string, unknown> {
  const { rental, url, images } = input;
  const price = centsToDollars(rental.expectedRent).toFixed(2);
  const address: Record<string, string> = {
    '@type': 'PostalAddress',
    addressLocality: rental.city,
    addressRegion: rental.state,
    postalCode: rental.zip,
    addressCountry: 'US',
  };
  if (rental.showStreet && rental.line1) address.streetAddress = rental.line1;
  const place: Record<string, unknown> = {
    '@type': schemaPlaceType(rental.propertyType),
    name: rental.title,
    description: rental.description,
    url,
    ...(images.length ? { image: images } : {}),
    numberOfRooms: Math.max(rental.bedrooms, 1),
    numberOfBedrooms: rental.bedrooms,
    numberOfBathroomsTotal: rental.bathrooms,
    petsAllowed: rental.cats || rental.dogs,
    address,
  };
  if (rental.squareFeet !== null) {
    place.floorSize = { '@type': 'QuantitativeValue', value: rental.squareFeet, unitCode: 'FTK' };
  }
  if (rental.location) {
    place.geo = { '@type': 'GeoCoordinates', latitude: rental.location.latitude, longitude: rental.location.longitude };
  }
  return {
    '@context': 'https://schema.org',
    '@type': 'Offer',
    businessFunction: 'http://purl.org/goodrelations/v1#LeaseOut',
    url,
    price,
    priceCurrency: 'USD',
    priceSpecification: {
      '@type': 'UnitPriceSpecification',
      price,
      priceCurrency: 'USD',
      unitCode: 'MON',
      unitText: 'month',
    },
    availability: rental.available ? `${SCHEMA}InStock` : `${SCHEMA}SoldOut`,
    availabilityStarts: rental.availableFrom,
    offeredBy: { '@type': 'Person', name: rental.landlord.name },
    itemOffered: place,
  };
}
