import { describe, expect, it } from 'vitest';
import { MAX_WEIGHT_LBS } from './listing-rules';
import { PARCEL_NAMES, PARCEL_PRESETS, parcelFor, shippingServiceName } from './parcels';

describe('ship packages', () => {
  it('the smallest parcel that holds a weight; the largest holds what a listing may weigh', () => {
    expect(parcelFor(0.5)).toBe('envelope');
    expect(parcelFor(1)).toBe('envelope');
    expect(parcelFor(1.5)).toBe('small');
    expect(parcelFor(8)).toBe('medium');
    expect(parcelFor(20)).toBe('large');
    expect(PARCEL_PRESETS.large.maxLbs).toBe(MAX_WEIGHT_LBS);
    expect(PARCEL_NAMES).toEqual(['envelope', 'small', 'medium', 'large']);
  });

  it('names a service as a person reads it', () => {
    expect(shippingServiceName('ground')).toBe('Ground');
    expect(shippingServiceName('usps_priority')).toBe('Usps Priority');
  });
});
