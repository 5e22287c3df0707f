import { describe, expect, it } from 'vitest';
import { referralPath, referrerRefnumOf } from './referral';

describe('referral links', () => {
  it('read the first name, and name the referrer by refnum', () => {
    expect(referralPath('Ann', 'U0123456789A')).toBe('/refer-a-friend/ann-U0123456789A');
    expect(referralPath('Mary Jo', 'U0123456789A')).toBe('/refer-a-friend/mary-jo-U0123456789A');
    // A progressive account has no name yet: the refnum alone.
    expect(referralPath('', 'U0123456789A')).toBe('/refer-a-friend/U0123456789A');
  });

  it('find the refnum back, whatever the name part says', () => {
    expect(referrerRefnumOf('ann-U0123456789A')).toBe('U0123456789A');
    expect(referrerRefnumOf('someone-else-u0123456789a')).toBe('U0123456789A');
    expect(referrerRefnumOf('U0123456789A')).toBe('U0123456789A');
  });

  it('name nobody for text without a user refnum', () => {
    expect(referrerRefnumOf('ann')).toBeNull();
    expect(referrerRefnumOf('ann-L0123456789A')).toBeNull(); // a listing's refnum
    expect(referrerRefnumOf('ann-U0123456789I')).toBeNull(); // I is not in Crockford base32
  });
});
