import type { RentalDetail } from '@yardly/shared/contract';
import { describe, expect, it } from 'vitest';
import {
  availableFromLabel,
  bedsAndBaths,
  leaseLabel,
  optionLabel,
  petsLabel,
  rentalBadge,
  rentalFacts,
  rentalPlace,
  rentLabel,
} from './rental-view';

const detail: RentalDetail = {
  refnum: 'P1A2B3C4D5',
  title: 'Sunny two-bedroom',
  pictureUrl: null,
  address: 'Austin, TX 78701',
  expectedRent: 185000,
  available: true,
  landLordRefnum: 'U1',
  propertyType: 'apartment',
  bedrooms: 2,
  bathrooms: 1.5,
  squareFeet: 950,
  availableFrom: '2027-03-01',
  deleted: false,
  // On a rental's page `state` is the US state; its process state is `rentalState`.
  state: 'TX',
  createdAt: '2026-11-01T10:00:00.000Z',
  description: 'Light and quiet.',
  deposit: 185000,
  leaseMonths: 12,
  cats: true,
  dogs: false,
  parking: 'garage',
  laundry: 'in_unit',
  furnished: false,
  utilitiesIncluded: true,
  line1: null,
  city: 'Austin',
  zip: '78701',
  showStreet: false,
  location: null,
  pictures: [],
  landlord: { userRefnum: 'U1', name: 'Lena L', pictureUrl: null, memberSince: '2025-01-01T00:00:00.000Z' },
  rentalState: 'available',
  mine: false,
};

describe('how a rental reads', () => {
  it('rent a month, cents only when there are some', () => {
    expect(rentLabel(185000)).toBe('$1,850 / month');
    expect(rentLabel(185050)).toBe('$1,850.50 / month');
  });

  it('a place off the market shows Rented to everyone; its landlord sees its state', () => {
    expect(rentalBadge({ available: false, state: 'rented' }, false)).toBe('Rented');
    expect(rentalBadge({ available: false, state: 'paused' }, false)).toBe('Rented');
    expect(rentalBadge({ available: true, state: 'available' }, false)).toBeNull();
    expect(rentalBadge({ available: false, state: 'rented' }, true)).toBe('Rented');
    expect(rentalBadge({ available: false, state: 'draft' }, true)).toBe('Draft');
    expect(rentalBadge({ available: true, state: 'available' }, true)).toBeNull();
  });

  it('0 bedrooms is a studio', () => {
    expect(bedsAndBaths({ bedrooms: 0, bathrooms: 1 })).toBe('Studio · 1 bath');
    expect(bedsAndBaths({ bedrooms: 2, bathrooms: 1.5 })).toBe('2 beds · 1.5 baths');
  });

  it('pets, lease and the attribute labels', () => {
    expect(petsLabel(true, true)).toBe('Cats and dogs allowed');
    expect(petsLabel(false, true)).toBe('Dogs allowed');
    expect(petsLabel(false, false)).toBe('No pets');
    expect(leaseLabel(null, 1)).toBe('Month to month');
    expect(leaseLabel(null, 9)).toBe('9 months');
    const console = {
      propertyType: [{ value: 'apartment', label: 'Flat' }],
      parking: [],
      laundry: [],
      leaseMonths: [],
    };
    expect(optionLabel(console, 'propertyType', 'apartment')).toBe('Flat');
    expect(optionLabel(console, 'parking', 'garage')).toBe('Garage');
    expect(optionLabel(console, 'parking', 'boat')).toBe('boat');
  });

  it('available now from its day on, else the day', () => {
    expect(availableFromLabel('2027-03-01', '2027-03-01')).toBe('Now');
    expect(availableFromLabel('2027-03-01', '2027-02-10')).toBe('1 Mar 2027');
  });

  it('the street only when the landlord shows it', () => {
    expect(rentalPlace(detail)).toBe('Austin, TX 78701');
    expect(rentalPlace({ ...detail, line1: '12 Oak St', showStreet: true })).toBe('12 Oak St, Austin, TX 78701');
    expect(rentalPlace({ ...detail, line1: null, showStreet: true })).toBe('Austin, TX 78701');
  });

  it('the facts a renter reads, in order', () => {
    expect(rentalFacts(detail, null, '2027-01-01')).toEqual([
      { term: 'Rent', value: '$1,850 / month' },
      { term: 'Deposit', value: '$1,850' },
      { term: 'Property type', value: 'Apartment' },
      { term: 'Bedrooms', value: '2' },
      { term: 'Bathrooms', value: '1.5' },
      { term: 'Size', value: '950 sq ft' },
      { term: 'Available from', value: '1 Mar 2027' },
      { term: 'Lease', value: '12 months' },
      { term: 'Pets', value: 'Cats allowed' },
      { term: 'Parking', value: 'Garage' },
      { term: 'Laundry', value: 'In unit' },
      { term: 'Furnished', value: 'No' },
      { term: 'Utilities included', value: 'Yes' },
    ]);
    const studio = rentalFacts({ ...detail, bedrooms: 0, squareFeet: null, deposit: 0 }, null, '2027-01-01');
    expect(studio.find((f) => f.term === 'Bedrooms')?.value).toBe('Studio');
    expect(studio.find((f) => f.term === 'Deposit')?.value).toBe('None');
    expect(studio.some((f) => f.term === 'Size')).toBe(false);
  });
});
