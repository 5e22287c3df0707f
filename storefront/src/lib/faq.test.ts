import { describe, expect, it } from 'vitest';
import { DASHBOARD_LINKS, loginFirstLink } from './faq';

describe('FAQ deep links', () => {
  it('go to the dashboard views of spec section 2, page 1 of 10', () => {
    expect(DASHBOARD_LINKS).toEqual({
      delivered: '/myquest/buying?buyFilter=DELIVERED&page=1&size=10',
      openOffers: '/myquest/buying?buyFilter=OPEN_OFFFERS&page=1&size=10',
      activeSelling: '/myquest/selling?sellFilter=ACTIVE_AND_TO_BE_SHIPPED&page=1&size=10',
    });
  });

  it('ask a guest to log in first, with the target kept whole in next=', () => {
    const href = loginFirstLink('/faq/buying', DASHBOARD_LINKS.delivered);
    const url = new URL(href, 'http://yardly.test');
    expect(url.pathname).toBe('/faq/buying');
    expect(url.searchParams.get('q')).toBe('login');
    expect(url.searchParams.get('next')).toBe(DASHBOARD_LINKS.delivered);
  });
});
