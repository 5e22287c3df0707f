import { describe, expect, it } from 'vitest';
import { capitalize, maskEmail, TRUNCATE_AT, truncate } from './text';

describe('truncate', () => {
  const exactly37 = 'Vintage oak dining table with 6 chair'; // 37 characters

  it('cuts at 37 characters by default', () => {
    expect(TRUNCATE_AT).toBe(37);
    expect(exactly37).toHaveLength(37);
    expect(truncate(exactly37)).toBe(exactly37);
    expect(truncate(`${exactly37}s`)).toBe('Vintage oak dining table with 6 chair...');
    expect(truncate('Mid-century modern walnut sideboard, barely used, pickup only')).toBe(
      'Mid-century modern walnut sideboard, ...',
    );
  });

  it('leaves short text alone', () => {
    expect(truncate('Home')).toBe('Home');
    expect(truncate('')).toBe('');
  });

  it('accepts another limit', () => {
    expect(truncate('abcdef', 3)).toBe('abc...');
    expect(truncate('abc', 3)).toBe('abc');
  });

  it('never splits an emoji', () => {
    expect(truncate('😀😀😀😀', 2)).toBe('😀😀...');
  });

  it('turns null and undefined into an empty string', () => {
    expect(truncate(null)).toBe('');
    expect(truncate(undefined)).toBe('');
  });
});

describe('maskEmail', () => {
  it.each([
    ['johndoe@x.com', 'j*****e@x.com'],
    ['abc@x.com', 'a*c@x.com'],
    ['first.last+tag@example.org', 'f************g@example.org'],
    ['ab@x.com', 'ab@x.com'],
    ['a@x.com', 'a@x.com'],
    ['@x.com', '@x.com'],
    ['not-an-email', 'not-an-email'],
    ['', ''],
  ])('masks %s as %s', (email, expected) => {
    expect(maskEmail(email)).toBe(expected);
  });
});

describe('capitalize', () => {
  it.each([
    ['home decor', 'Home Decor'],
    ['kitchen appliances & accessories', 'Kitchen Appliances & Accessories'],
    ['computers/tablets/PC', 'Computers/Tablets/PC'],
    ['parts not working (for repair)', 'Parts Not Working (For Repair)'],
    ['open-box', 'Open-Box'],
    ["don't stop", "Don't Stop"],
    ['  two  spaces', '  Two  Spaces'],
    ['élan vital', 'Élan Vital'],
    ['ALREADY Caps', 'ALREADY Caps'],
    ['', ''],
  ])('capitalises %j as %j', (input, expected) => {
    expect(capitalize(input)).toBe(expected);
  });
});
