import { describe, expect, it } from 'vitest';
import { dashboardPath } from './selling-paths';

describe("My Dashboard's addresses", () => {
  it('leave out the default filters and page 1', () => {
    expect(dashboardPath('selling', { sellFilter: 'ALL', page: 1 })).toBe('/myquest/selling');
    expect(dashboardPath('buying', { buyFilter: 'OPEN_OFFFERS' })).toBe('/myquest/buying');
  });

  it('carry the buy filter, page and size of the buying tab', () => {
    expect(dashboardPath('buying', { buyFilter: 'CANCELLED', page: 2, size: 25 })).toBe(
      '/myquest/buying?buyFilter=CANCELLED&page=2&size=25',
    );
  });
});
