import { describe, expect, it } from 'vitest';
import {
  hasFilters,
  readRentalQuery,
  rentalSearchBody,
  rentalsListPath,
  rentBand,
  searchIdentity,
} from './rental-query';

describe('the /rentalslist address and its filters', () => {
  it('an empty address: near the visitor, 25 miles, newest first, page 1 of 24', () => {
    expect(readRentalQuery('')).toEqual({ zip: null, d: 25, sortBy: 'newest', page: 1, size: 24 });
  });

  it('reads every filter the brief names', () => {
    const query = readRentalQuery(
      '?zip=78701&d=10&text=balcony&minRent=100000&maxRent=250000&bedrooms=2&bathrooms=1.5&propertyType=apartment&pets=cats&availableBy=2027-03-01&sortBy=rentAsc&page=3&size=48',
    );
    expect(query).toEqual({
      zip: '78701',
      d: 10,
      text: 'balcony',
      minRent: 100000,
      maxRent: 250000,
      bedrooms: 2,
      bathrooms: 1.5,
      propertyType: ['apartment'],
      pets: 'cats',
      availableBy: '2027-03-01',
      sortBy: 'rentAsc',
      page: 3,
      size: 48,
    });
  });

  it('round-trips: the path written for a query reads back as the same query', () => {
    const query = readRentalQuery(
      '?zip=10001&text=garden&minRent=90000&bedrooms=0&propertyType[]=house|condo&pets=both&sortBy=distance&page=2',
    );
    expect(query.propertyType).toEqual(['house', 'condo']);
    expect(query.bedrooms).toBe(0);
    expect(readRentalQuery(rentalsListPath(query).replace('/rentalslist', ''))).toEqual(query);
  });

  it('leaves defaults and page 1 out of the path; one type is a plain parameter', () => {
    expect(rentalsListPath({ zip: '10001', d: 25, sortBy: 'newest', page: 1, size: 24 })).toBe(
      '/rentalslist?zip=10001',
    );
    expect(rentalsListPath({ propertyType: ['room'] })).toBe('/rentalslist?propertyType=room');
    expect(rentalsListPath()).toBe('/rentalslist');
  });

  it('drops what the api would refuse instead of failing the page', () => {
    const query = readRentalQuery(
      '?zip=7870&d=9999&bedrooms=-1&bathrooms=abc&pets=hamsters&availableBy=2027-02-30&sortBy=cheap&page=0&size=1000',
    );
    expect(query).toEqual({ zip: null, d: 25, sortBy: 'newest', page: 1, size: 24 });
    expect(hasFilters(query)).toBe(false);
  });

  it('reads swapped rent bounds the right way round', () => {
    const query = readRentalQuery('?minRent=300000&maxRent=100000');
    expect([query.minRent, query.maxRent]).toEqual([100000, 300000]);
  });

  it('asks the api for a zero-based page near the zip it is given', () => {
    const query = readRentalQuery('?bedrooms=2&minRent=150000&propertyType=apartment&page=2');
    expect(rentalSearchBody(query, '60601')).toEqual({
      zip: '60601',
      d: 25,
      text: undefined,
      minRent: 150000,
      maxRent: undefined,
      bedrooms: 2,
      bathrooms: undefined,
      propertyType: 'apartment',
      pets: undefined,
      availableBy: undefined,
      sortBy: 'newest',
      page: 1,
      size: 24,
    });
  });

  it('a page turn is not a new search (the guest prompt counts searches)', () => {
    const first = readRentalQuery('?zip=10001&bedrooms=2');
    const next = readRentalQuery('?zip=10001&bedrooms=2&page=4');
    const other = readRentalQuery('?zip=10001&bedrooms=3');
    expect(searchIdentity(next, '10001')).toBe(searchIdentity(first, '10001'));
    expect(searchIdentity(other, '10001')).not.toBe(searchIdentity(first, '10001'));
  });

  it("reads a price facet's band as rent bounds", () => {
    expect(rentBand('100000-150000')).toEqual({ minRent: 100000, maxRent: 150000 });
    expect(rentBand('300000-')).toEqual({ minRent: 300000, maxRent: undefined });
    expect(rentBand('cheap')).toEqual({});
  });
});
