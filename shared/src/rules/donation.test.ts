import { describe, expect, it } from 'vitest';
import { canAddPickupAddress, donationFlag, pickupAddressProblem } from './donation';

describe('pickupAddressProblem', () => {
  it('warns when no address is selected', () => {
    expect(pickupAddressProblem(null, '94043')).toEqual({ severity: 'warning', message: 'Select an address' });
    expect(pickupAddressProblem(undefined, '94043')).toEqual({ severity: 'warning', message: 'Select an address' });
  });

  it('refuses an address outside the item zip and names the zip', () => {
    expect(pickupAddressProblem({ zip: '94040' }, '94043')).toEqual({
      severity: 'error',
      message: 'Please select an address at zip code 94043',
    });
  });

  it('accepts an address at the item zip', () => {
    expect(pickupAddressProblem({ zip: '94043' }, '94043')).toBeNull();
    expect(pickupAddressProblem({ zip: ' 94043' }, '94043 ')).toBeNull();
  });
});

describe('canAddPickupAddress', () => {
  it('allows up to 4 pickup addresses', () => {
    expect(canAddPickupAddress(0)).toBe(true);
    expect(canAddPickupAddress(3)).toBe(true);
    expect(canAddPickupAddress(4)).toBe(false);
    expect(canAddPickupAddress(5)).toBe(false);
  });
});

describe('donationFlag', () => {
  it('is on only when PUBLIC_DONATION_ENABLED is true', () => {
    expect(donationFlag('true')).toBe(true);
    expect(donationFlag(' TRUE ')).toBe(true);
    expect(donationFlag(undefined)).toBe(false);
    expect(donationFlag('')).toBe(false);
    expect(donationFlag('1')).toBe(false);
  });
});
