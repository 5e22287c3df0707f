import { describe, expect, it } from 'vitest';
import { loginData } from '../test/login-data';
import { accessFor } from './access-gates';

describe('accessFor', () => {
  const ann = loginData({ userRefnum: 'U0123456789A' });
  const easy = loginData({ isProgressive: true, nameFirst: '' });

  it('sends a guest home from every signed-in page', () => {
    expect(accessFor(null, '', 'signedIn')).toBe('home');
    expect(accessFor(null, '', 'completeAccount')).toBe('home');
  });

  it("lets a signed-in person in, unless the page's userId is someone else's", () => {
    expect(accessFor(ann, '', 'signedIn')).toBe('allow');
    expect(accessFor(ann, '?userId=U0123456789A', 'signedIn')).toBe('allow');
    expect(accessFor(ann, '?userId=U9999999999Z', 'signedIn')).toBe('home');
    expect(accessFor(ann, '?userId=', 'signedIn')).toBe('home');
  });

  it('keeps a progressive account out of pages that need a complete one, unless profession-verified', () => {
    expect(accessFor(easy, '', 'signedIn')).toBe('allow');
    expect(accessFor(easy, '', 'completeAccount')).toBe('home');
    expect(accessFor({ ...easy, isProfessionVerified: true }, '', 'completeAccount')).toBe('allow');
    expect(accessFor(ann, '', 'completeAccount')).toBe('allow');
  });
});
