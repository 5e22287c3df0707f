import { describe, expect, it } from 'vitest';
import { normalizePhone, phoneSchema } from './phone';

function message(value: unknown): string | undefined {
  const result = phoneSchema.safeParse(value);
  return result.success ? undefined : result.error.issues.map((i) => i.message).join(' | ');
}

describe('phoneSchema and normalizePhone', () => {
  it.each([
    ['5551234567', '5551234567'],
    ['  5551234567  ', '5551234567'],
  ])('accepts %j as %s', (input, digits) => {
    expect(message(input)).toBeUndefined();
    expect(normalizePhone(input)).toBe(digits);
  });

  // Spec section 5: a phone field longer than 10 characters is invalid, whatever its format.
  it.each([
    '555 123 4567',
    '555.123.4567',
    '555-123-4567',
    '(555) 123-4567',
    '(555)123-4567',
    '+1 555 123 4567',
    '+1-555-123-4567',
    '+1 (555) 123-4567',
    '+15551234567',
  ])('refuses %j, longer than 10 characters, with the spec message', (input) => {
    expect(input.length).toBeGreaterThan(10);
    expect(message(input)).toBe('Please enter a valid 10 digit US phone number');
    expect(normalizePhone(input)).toBeNull();
  });

  it.each([
    ['', 'Enter phone number'],
    ['   ', 'Enter phone number'],
    [undefined, 'Enter phone number'],
  ])('asks for a phone number when given %j', (input, expected) => {
    expect(message(input)).toBe(expected);
  });

  it.each([
    '0551234567', // leading 0
    '+1 055 123 4567', // leading 0 after the country code
    '555123456', // 9 digits
    '55512345678', // 11 digits
    '15551234567', // country code without +
    '+44 555 123 4567', // not a US number
    '(555 123-4567', // unbalanced parenthesis
    '555_123_4567',
    '555--123-4567',
    'phone',
  ])('refuses %j with the spec message', (input) => {
    expect(message(input)).toBe('Please enter a valid 10 digit US phone number');
    expect(normalizePhone(input)).toBeNull();
  });
});
