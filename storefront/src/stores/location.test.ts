import { describe, expect, it } from 'vitest';
import { parsePlaceCookie, placeFromIp } from './location';

describe('the place cookie, as the server reads it for /products', () => {
  const place = { zip: '11215', location: '40.66,-73.98', formattedAddress: 'Brooklyn, NY 11215, USA' };

  it('reads the place the browser stored', () => {
    expect(parsePlaceCookie(JSON.stringify(place))).toEqual(place);
  });

  it('takes an older place without coordinates, with none', () => {
    expect(parsePlaceCookie(JSON.stringify({ zip: '10001', formattedAddress: 'New York, NY 10001, USA' }))).toEqual({
      zip: '10001',
      location: '',
      formattedAddress: 'New York, NY 10001, USA',
    });
  });

  it('is no place when missing, not JSON, or without a zip', () => {
    expect(parsePlaceCookie(undefined)).toBeNull();
    expect(parsePlaceCookie('11215')).toBeNull();
    expect(parsePlaceCookie('{"zip":')).toBeNull();
    expect(parsePlaceCookie(JSON.stringify({ formattedAddress: 'Somewhere' }))).toBeNull();
  });
});

describe('the IP-based fallback place', () => {
  it('searches near the zip and coordinates the IP address gives', () => {
    expect(placeFromIp({ ipZip: '11215', ipCity: 'Brooklyn', lat: 40.66, lng: -73.98 })).toEqual({
      zip: '11215',
      location: '40.66,-73.98',
      formattedAddress: 'Brooklyn 11215',
    });
    expect(placeFromIp({ ipZip: '11215', ipCity: null, lat: null, lng: null })).toEqual({
      zip: '11215',
      location: '',
      formattedAddress: '11215',
    });
  });

  it('is no place when the address was not known', () => {
    expect(placeFromIp({ ipZip: null, ipCity: null, lat: null, lng: null })).toBeNull();
    expect(placeFromIp(null)).toBeNull();
  });
});
