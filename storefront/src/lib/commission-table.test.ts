import { COMMISSION_SCHEDULE, commissionRate } from '@yardly/shared/rules';
import { describe, expect, it } from 'vitest';
import { commissionRows } from './commission-table';

describe('the FAQ commission table', () => {
  it('shows the schedule of spec section 9 as people read it', () => {
    expect(commissionRows()).toEqual([
      { range: '$1.00 – $14.99', rate: '0%' },
      { range: '$15.00 – $24.99', rate: '15%' },
      { range: '$25.00 – $29.99', rate: '10%' },
      { range: '$30.00 – $49.99', rate: '8%' },
      { range: '$50.00 and up', rate: '5%' },
    ]);
  });

  it('has one row per band of the schedule the api charges with, each at the rate commissionRate answers', () => {
    const rows = commissionRows();
    expect(rows).toHaveLength(COMMISSION_SCHEDULE.length);
    COMMISSION_SCHEDULE.forEach((band, index) => {
      const shown = Number(rows[index]?.rate.replace('%', '')) / 100;
      // Both ends of the band are charged the rate the row shows.
      expect(commissionRate(band.fromCents)).toBe(shown);
      if (band.toCents !== null) expect(commissionRate(band.toCents)).toBe(shown);
    });
  });
});
