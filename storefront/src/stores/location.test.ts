import { describe, expect, it } from 'vitest';
import { parsePlaceCookie } from './location';

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
