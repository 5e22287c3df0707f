import { describe, expect, it } from 'vitest';
import { emailSchema, isEmail } from './email';

function messages(value: unknown): string[] {
  const result = emailSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('emailSchema', () => {
  it.each(['john@example.com', 'First.Last+tag@mail.example.co.uk', "o'brien@x-y.org", ' padded@example.com '])(
    'accepts %j',
    (email) => {
      expect(messages(email)).toEqual([]);
      expect(isEmail(email)).toBe(true);
    },
  );

  it('trims but keeps the case', () => {
    expect(emailSchema.parse('  John@Example.com ')).toBe('John@Example.com');
  });

  it.each([
    '',
    '   ',
    'john',
    'john@',
    '@example.com',
    'john@example',
    'john@example.c',
    'john doe@example.com',
    'john..doe@example.com',
    '.john@example.com',
    'john@-example.com',
    'john@example..com',
    'john@@example.com',
    `${'a'.repeat(245)}@example.com`,
  ])('refuses %j with one spec message', (email) => {
    expect(messages(email)).toEqual(['Please enter valid email address']);
    expect(isEmail(email)).toBe(false);
  });

  it('refuses what is not text with the same message', () => {
    expect(messages(null)).toEqual(['Please enter valid email address']);
  });
});
