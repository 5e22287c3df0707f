import { ApiError } from '@yardly/shared/client';
import { describe, expect, it, vi } from 'vitest';
import { logFailure } from './log-failure';

function logged(cause: unknown) {
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  logFailure('Could not save the address', cause);
  const seen = { errors: error.mock.calls.length, warnings: warn.mock.calls.map((call) => String(call[0])) };
  vi.restoreAllMocks();
  return seen;
}

describe('logFailure', () => {
  it("keeps the api's refusals (4xx, shown on the page) out of the console's errors", () => {
    const refusal = new ApiError({ code: 409, status: 409, message: 'This item is no longer available' });
    expect(logged(refusal)).toEqual({
      errors: 0,
      warnings: ['Could not save the address: 409 This item is no longer available'],
    });
  });

  it('logs a failure as an error: a 5xx, no answer (status 0), a bug', () => {
    expect(logged(new ApiError({ code: 500, status: 500, message: 'There was an error, please try again' }))).toEqual({
      errors: 1,
      warnings: [],
    });
    expect(logged(new ApiError({ code: 0, status: 0, message: 'The server took too long to answer' })).errors).toBe(1);
    expect(logged(new TypeError('x is undefined')).errors).toBe(1);
  });
});
