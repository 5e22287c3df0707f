import { ApiError } from '@yardly/shared/client';
import { signupBodySchema } from '@yardly/shared/contract';
import { describe, expect, it, vi } from 'vitest';
import { fieldErrors, splitApiError } from './use-auth-form';

const FIELDS = ['nameFirst', 'nameLast', 'email', 'password', 'zip'] as const;

describe('the sign-up form, checked with the contract schema', () => {
  it("shows each field's first rule broken, in the spec's words", () => {
    const errors = fieldErrors(
      signupBodySchema,
      { nameFirst: '', nameLast: 'L'.repeat(21), email: 'ann@', password: 'short', zip: '123' },
      FIELDS,
    );
    expect(errors).toEqual({
      nameFirst: 'Please enter a valid First name',
      nameLast: 'Last name cannot exceed 20 characters',
      email: 'Please enter valid email address',
      password: 'Password must be 8 to 32 characters',
      zip: 'Please enter a valid US Zip Code',
    });
  });

  it('says first and last name cannot be the same, on the first name', () => {
    const errors = fieldErrors(
      signupBodySchema,
      { nameFirst: 'Ann', nameLast: 'ann', email: 'ann@example.com', password: 'Str0ng!pass' },
      FIELDS,
    );
    expect(errors).toEqual({ nameFirst: 'First name and last name cannot be the same.' });
  });

  it('has nothing to say about a good form', () => {
    const good = { nameFirst: 'Ann', nameLast: 'Lee', email: 'ann@example.com', password: 'Str0ng!pass' };
    expect(fieldErrors(signupBodySchema, good, FIELDS)).toEqual({});
  });
});

describe('splitApiError', () => {
  it("puts the server's field errors on this form's fields and the rest in the dialog", () => {
    const cause = new ApiError({
      code: 400,
      status: 400,
      message: 'That code is not correct',
      errors: [
        { field: 'code', message: 'That code is not correct' },
        { field: 'email', message: 'Please enter valid email address' },
      ],
    });
    expect(splitApiError(cause, ['code'])).toEqual({
      onFields: { code: 'That code is not correct' },
      other: 'Please enter valid email address',
    });
  });

  it("shows an error without fields as the server's message", () => {
    const cause = new ApiError({ code: 401, status: 401, message: 'The email or password is not correct' });
    expect(splitApiError(cause, ['email', 'password'])).toEqual({
      onFields: {},
      other: 'The email or password is not correct',
    });
  });

  it('shows the generic message for anything that is not an api answer, and logs it', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(splitApiError(new TypeError('boom'), ['email']).other).toBe('There was an error, please try again');
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });
});
