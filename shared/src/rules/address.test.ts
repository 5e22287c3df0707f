import { describe, expect, it } from 'vitest';
import {
  type AddressInput,
  addressPrompts,
  addressSchema,
  addressToasts,
  findUsState,
  US_STATE_ABBREVIATIONS,
  US_STATES,
  zipSchema,
} from './address';

const valid: AddressInput = {
  firstName: 'Jane',
  lastName: 'Doe',
  line1: '1600 Amphitheatre Pkwy',
  line2: 'Suite 4',
  city: 'Mountain View',
  state: 'CA',
  zip: '94043',
  phoneNo: '6502530000',
  primary: true,
};

function errors(input: unknown): Array<[string, string]> {
  const result = addressSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
}

describe('addressSchema', () => {
  it('accepts a complete address and trims it', () => {
    const result = addressSchema.safeParse({ ...valid, city: ' Mountain View ', state: ' ca' });
    expect(result.success && result.data).toEqual({ ...valid, city: 'Mountain View', state: 'CA' });
  });

  it('lets line 2 be empty or absent and primary default to false', () => {
    const { line2: _line2, primary: _primary, ...rest } = valid;
    const result = addressSchema.safeParse(rest);
    expect(result.success && result.data.primary).toBe(false);
    expect(errors({ ...valid, line2: '' })).toEqual([]);
  });

  it('shows every required-field message on an empty form', () => {
    expect(
      errors({
        firstName: '',
        lastName: '',
        line1: '',
        line2: '',
        city: '',
        state: '',
        zip: '',
        phoneNo: '',
        primary: false,
      }),
    ).toEqual([
      ['firstName', 'Please enter a valid First name'],
      ['lastName', 'Please enter a valid Last name'],
      ['line1', 'Enter address'],
      ['city', 'Enter city'],
      ['state', 'Select state'],
      ['zip', 'Enter zip code'],
      ['phoneNo', 'Enter phone number'],
    ]);
  });

  it('shows the same messages when the fields are missing altogether', () => {
    expect(errors({}).map(([field, message]) => `${field}: ${message}`)).toEqual([
      'firstName: Please enter a valid First name',
      'lastName: Please enter a valid Last name',
      'line1: Enter address',
      'city: Enter city',
      'state: Select state',
      'zip: Enter zip code',
      'phoneNo: Enter phone number',
    ]);
  });

  it('allows 35 characters on each address line and refuses 36', () => {
    expect(errors({ ...valid, line1: 'a'.repeat(35), line2: 'b'.repeat(35) })).toEqual([]);
    expect(errors({ ...valid, line1: 'a'.repeat(36), line2: 'b'.repeat(36) })).toEqual([
      ['line1', 'Address line 1 cannot exceed 35 characters'],
      ['line2', 'Address line 2 cannot exceed 35 characters'],
    ]);
  });

  it.each(['XX', 'California', 'DC', 'PR'])('refuses the state %j', (state) => {
    expect(errors({ ...valid, state })).toEqual([['state', 'Select state']]);
  });

  it('checks the zip and the phone with their own messages', () => {
    expect(errors({ ...valid, zip: '9404', phoneNo: '0123456789' })).toEqual([
      ['zip', 'Please enter a valid US Zip Code'],
      ['phoneNo', 'Please enter a valid 10 digit US phone number'],
    ]);
    // The 10 is on the digits (spec section 5): parentheses, spaces and dashes are fine.
    expect(errors({ ...valid, phoneNo: '(650) 253-0000' })).toEqual([]);
    expect(errors({ ...valid, phoneNo: '+44 20 7946 0958' })).toEqual([
      ['phoneNo', 'Please enter a valid 10 digit US phone number'],
    ]);
  });

  it('refuses the same first and last name on the first-name field', () => {
    expect(errors({ ...valid, firstName: 'Doe', lastName: 'DOE' })).toEqual([
      ['firstName', 'First name and last name cannot be the same.'],
    ]);
  });
});

describe('zipSchema', () => {
  it.each(['94043', ' 02134 '])('accepts %j', (zip) => {
    expect(zipSchema.safeParse(zip).success).toBe(true);
  });

  it.each([
    ['', 'Enter zip code'],
    ['9404', 'Please enter a valid US Zip Code'],
    ['940431', 'Please enter a valid US Zip Code'],
    ['94043-1351', 'Please enter a valid US Zip Code'],
    ['9404a', 'Please enter a valid US Zip Code'],
  ])('refuses %j with %s', (zip, message) => {
    const result = zipSchema.safeParse(zip);
    expect(result.success ? [] : result.error.issues.map((i) => i.message)).toEqual([message]);
  });
});

describe('US states', () => {
  it('lists the 50 states once each', () => {
    expect(US_STATES).toHaveLength(50);
    expect(new Set(US_STATE_ABBREVIATIONS).size).toBe(50);
    expect(new Set(US_STATES.map((s) => s.name)).size).toBe(50);
    for (const abbreviation of US_STATE_ABBREVIATIONS) expect(abbreviation).toMatch(/^[A-Z]{2}$/);
  });

  it('finds a state by abbreviation or name, else nothing', () => {
    expect(findUsState(' ny ')).toEqual({ name: 'New York', abbreviation: 'NY' });
    expect(findUsState('north carolina')).toEqual({ name: 'North Carolina', abbreviation: 'NC' });
    expect(findUsState('New')).toBeUndefined();
    expect(findUsState('')).toBeUndefined();
  });
});

describe('address texts', () => {
  it('are the spec texts', () => {
    expect(addressToasts.added).toBe('Successfully added address');
    expect(addressPrompts.confirmDelete).toBe('Are you sure you want to delete this address?');
  });
});
