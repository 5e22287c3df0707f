import type { RentalDetail } from '@yardly/shared/contract';
import { describe, expect, it } from 'vitest';
import { rentalJsonLd, schemaPlaceType } from './rental-structured-data';

const rental = {
  refnum: 'P1A2B3C4D5',
  title: 'Two-bedroom house',
  description: 'A garden.',
  expectedRent: 210050,
  available: true,
  propertyType: 'house',
  bedrooms: 2,
  bathrooms: 1,
  squareFeet: 1100,
  availableFrom: '2027-03-01',
  cats: false,
  dogs: true,
  line1: '12 Oak St',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  showStreet: false,
  location: { latitude: 30.27, longitude: -97.74 },
  landlord: { userRefnum: 'U1', name: 'Lena L', pictureUrl: null, memberSince: '2025-01-01T00:00:00.000Z' },
} as RentalDetail;

describe("a rental's JSON-LD", () => {
  it('an offer to lease out at the monthly rent, about the place', () => {
    const ld = rentalJsonLd({ rental, url: 'https://yardly.test/P1A2B3C4D5', images: ['https://yardly.test/a.jpg'] });
    expect(ld).toMatchObject({
      '@type': 'Offer',
      price: '2100.50',
      priceCurrency: 'USD',
      priceSpecification: { unitCode: 'MON', price: '2100.50' },
      availability: 'https://schema.org/InStock',
      availabilityStarts: '2027-03-01',
      itemOffered: {
        '@type': 'SingleFamilyResidence',
        numberOfBedrooms: 2,
        numberOfBathroomsTotal: 1,
        petsAllowed: true,
        floorSize: { value: 1100, unitCode: 'FTK' },
        image: ['https://yardly.test/a.jpg'],
      },
    });
  });

  it('never carries a street the landlord keeps to themselves; shows it when they do', () => {
    const hidden = JSON.stringify(rentalJsonLd({ rental, url: 'u', images: [] }));
    expect(hidden).not.toContain('12 Oak St');
    const shown = rentalJsonLd({ rental: { ...rental, showStreet: true }, url: 'u', images: [] });
    expect((shown.itemOffered as { address: { streetAddress?: string } }).address.streetAddress).toBe('12 Oak St');
  });

  it('a rented place is sold out; unknown types are an Accommodation', () => {
    expect(rentalJsonLd({ rental: { ...rental, available: false }, url: 'u', images: [] }).availability).toBe(
      'https://schema.org/SoldOut',
    );
    expect(schemaPlaceType('apartment')).toBe('Apartment');
    expect(schemaPlaceType('houseboat')).toBe('Accommodation');
  });
});
