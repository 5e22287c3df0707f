import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { firstNameSchema, keepNameCharacters, lastNameSchema, nameSchema, namesAreSame, publicName } from './names';

/** The errors a form would show, as { field: message }. */
function fieldErrors(result: z.ZodSafeParseResult<unknown>): Array<[string, string]> {
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
}

describe('nameSchema', () => {
  it('accepts letters, spaces and dots, and trims', () => {
    const result = nameSchema.safeParse({ nameFirst: '  Mary Ann ', nameLast: 'St. John' });
    expect(result.success && result.data).toEqual({ nameFirst: 'Mary Ann', nameLast: 'St. John' });
    expect(nameSchema.safeParse({ nameFirst: 'José', nameLast: 'Núñez' }).success).toBe(true);
  });

  it('asks for both names when empty, once per field', () => {
    expect(fieldErrors(nameSchema.safeParse({ nameFirst: '', nameLast: '   ' }))).toEqual([
      ['nameFirst', 'Please enter a valid First name'],
      ['nameLast', 'Please enter a valid Last name'],
    ]);
  });

  it('asks for both names when they are missing or not text', () => {
    expect(fieldErrors(nameSchema.safeParse({ nameFirst: 42 }))).toEqual([
      ['nameFirst', 'Please enter a valid First name'],
      ['nameLast', 'Please enter a valid Last name'],
    ]);
  });

  it('refuses more than 20 characters, 20 is fine', () => {
    const twenty = 'A'.repeat(20);
    expect(nameSchema.safeParse({ nameFirst: twenty, nameLast: 'B'.repeat(20) }).success).toBe(true);
    expect(fieldErrors(nameSchema.safeParse({ nameFirst: `${twenty}a`, nameLast: `${twenty}b` }))).toEqual([
      ['nameFirst', 'First name cannot exceed 20 characters'],
      ['nameLast', 'Last name cannot exceed 20 characters'],
    ]);
  });

  it.each(['John3', "O'Brien", 'Mary-Jane', 'J@ck', '...', ' . '])('refuses %j as a first name', (nameFirst) => {
    expect(fieldErrors(nameSchema.safeParse({ nameFirst, nameLast: 'Smith' }))).toEqual([
      ['nameFirst', 'Please enter a valid First name'],
    ]);
  });

  it('refuses the same first and last name, ignoring case and outer spaces', () => {
    expect(fieldErrors(nameSchema.safeParse({ nameFirst: 'Lee', nameLast: ' lee ' }))).toEqual([
      ['nameFirst', 'First name and last name cannot be the same.'],
    ]);
  });

  it('does not add the same-name error on top of a field error', () => {
    const tooLong = 'A'.repeat(21);
    expect(fieldErrors(nameSchema.safeParse({ nameFirst: tooLong, nameLast: tooLong }))).toEqual([
      ['nameFirst', 'First name cannot exceed 20 characters'],
      ['nameLast', 'Last name cannot exceed 20 characters'],
    ]);
  });
});

describe('single name schemas', () => {
  it('give the message of their own field', () => {
    expect(fieldErrors(firstNameSchema.safeParse(''))).toEqual([['', 'Please enter a valid First name']]);
    expect(fieldErrors(lastNameSchema.safeParse('X1'))).toEqual([['', 'Please enter a valid Last name']]);
  });
});

describe('name helpers', () => {
  it('namesAreSame compares trimmed, case-insensitive', () => {
    expect(namesAreSame(' Ana', 'ANA ')).toBe(true);
    expect(namesAreSame('Ana', 'Anna')).toBe(false);
  });

  it('keepNameCharacters drops what the input does not accept', () => {
    expect(keepNameCharacters("J0hn O'Brien-Smith Jr.")).toBe('Jhn OBrienSmith Jr.');
  });

  it('publicName shows the first name and the last initial only', () => {
    expect(publicName('Ann', 'Lee')).toBe('Ann L.');
    expect(publicName('Ann', '')).toBe('Ann');
  });
});
