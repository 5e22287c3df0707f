import { ApiError } from '@yardly/shared/client';
import { favouriteMessages, organisationStatusMessages } from '@yardly/shared/rules';
import { describe, expect, it } from 'vitest';
import { favouriteRefusal } from './favourites';

describe('what a failed heart says', () => {
  it('a 403 says its own reason: a REJECTED company’s member is told the spec’s “not allowed” message', () => {
    const refused = new ApiError({ code: 403, status: 403, message: organisationStatusMessages.REJECTED });
    expect(favouriteRefusal(refused, true)).toBe(organisationStatusMessages.REJECTED);
  });

  it('anything else, the spec’s words for a failed add or removal', () => {
    const down = new ApiError({ code: 500, status: 500, message: 'Something went wrong' });
    expect(favouriteRefusal(down, true)).toBe(favouriteMessages.addError);
    expect(favouriteRefusal(new TypeError('Failed to fetch'), false)).toBe(favouriteMessages.removeError);
  });
});
