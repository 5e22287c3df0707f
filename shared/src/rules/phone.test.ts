import { describe, expect, it } from 'vitest';
import { formatPhone, keepPhoneCharacters, normalizePhone, phoneSchema } from './phone';

function message(value: unknown): string | undefined {
  const result = phoneSchema.safeParse(value);
  return result.success ? undefined : result.error.issues.map((i) => i.message).join(' | ');
}

describe('phoneSchema, normalizePhone and formatPhone', () => {
  // Spec section 5: the country code, spaces, dots, dashes and parentheses are allowed; the 10 is the digits.
  it.each([
    '7185550142',
    '  7185550142  ',
    '(718) 555-0142',
    '(718)555-0142',
    '718-555-0142',
    '718.555.0142',
    '718 555 0142',
    '+1 718 555 0142',
    '+17185550142',
    '+1-718-555-0142',
    '+1 (718) 555-0142',
  ])('accepts %j, stored as 7185550142 and shown as (718) 555-0142', (input) => {
    expect(message(input)).toBeUndefined();
    expect(normalizePhone(input)).toBe('7185550142');
    expect(formatPhone(input)).toBe('(718) 555-0142');
  });

  it.each([
    ['', 'Enter phone number'],
    ['   ', 'Enter phone number'],
    [undefined, 'Enter phone number'],
  ])('asks for a phone number when given %j', (input, expected) => {
    expect(message(input)).toBe(expected);
  });

  it.each([
    '0185550142', // leading 0
    '+1 018 555 0142', // leading 0 after the country code
    '+44 20 7946 0958', // another country
    '+44 718 555 0142', // another country code before a US-looking number
    '718555014255', // more than 10 digits
    '71855501425',
    '17185550142', // country code without +
    '718555014', // 9 digits
    '(718 555-0142', // unbalanced parenthesis
    '718_555_0142',
    '718--555-0142',
    '718-555-O142', // a letter O for a zero
    'phone',
  ])('refuses %j with the spec message', (input) => {
    expect(message(input)).toBe('Please enter a valid 10 digit US phone number');
    expect(normalizePhone(input)).toBeNull();
    expect(formatPhone(input)).toBe(input);
  });

  it('keeps only what a phone may hold as it is typed, never a leading 0', () => {
    expect(keepPhoneCharacters('0(718) 555-0142 ext')).toBe('(718) 555-0142 ');
    expect(keepPhoneCharacters('+1 718.555.0142')).toBe('+1 718.555.0142');
  });
});
