import { describe, expect, it } from 'vitest';
import { PASSWORD_RULES, passwordProblems, passwordSchema } from './password';

function messages(value: unknown): string[] {
  const result = passwordSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('passwordSchema', () => {
  it.each(['Abcdef1!', 'Str0ng_Passw0rd', `Aa1!${'x'.repeat(28)}`, 'Ünïcödé9€'])('accepts %j', (password) => {
    expect(messages(password)).toEqual([]);
  });

  it('asks for a password when empty or missing', () => {
    expect(messages('')).toEqual(['Enter password']);
    expect(messages(undefined)).toEqual(['Enter password']);
  });

  it('needs 8 to 32 characters', () => {
    expect(messages('Abcde1!')).toEqual(['Password must be 8 to 32 characters']);
    expect(messages(`Aa1!${'x'.repeat(29)}`)).toEqual(['Password must be 8 to 32 characters']);
  });

  it.each([
    ['Abcdef1! ', 'Password cannot contain spaces'],
    ['Abc def1!', 'Password cannot contain spaces'],
    ['Abc\tdef1!', 'Password cannot contain spaces'],
    ['abcdef1!', 'Password must contain at least one uppercase letter'],
    ['ABCDEF1!', 'Password must contain at least one lowercase letter'],
    ['Abcdefg!', 'Password must contain at least one number'],
    ['Abcdefg1', 'Password must contain at least one special character'],
  ])('refuses %j: %s', (password, message) => {
    expect(messages(password)).toEqual([message]);
  });

  it('lists every broken rule at once', () => {
    expect(messages('abc')).toEqual([
      'Password must be 8 to 32 characters',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one number',
      'Password must contain at least one special character',
    ]);
  });
});

describe('password checklist', () => {
  it('reports the rules in order and nothing for a good password', () => {
    expect(PASSWORD_RULES.map((r) => r.id)).toEqual([
      'length',
      'whitespace',
      'uppercase',
      'lowercase',
      'digit',
      'special',
    ]);
    expect(passwordProblems('Abcdef1!')).toEqual([]);
    expect(passwordProblems('')).toHaveLength(5);
  });
});
