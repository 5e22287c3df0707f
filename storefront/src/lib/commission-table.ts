import { COMMISSION_SCHEDULE, commissionRate, formatCents } from '@yardly/shared/rules';

export interface CommissionRow {
  /** '$15.00 – $24.99', or '$50.00 and up'. */
  range: string;
  /** '15%'. */
  rate: string;
}

/**
 * The FAQ's commission table, made from the schedule the api charges with: each row's rate is
 * what `commissionRate` answers for the band's first price, so the page cannot drift from it.
 */
export function commissionRows(): CommissionRow[] {
  return COMMISSION_SCHEDULE.map((band) => ({
    range:
      band.toCents === null
        ? `${formatCents(band.fromCents)} and up`
        : `${formatCents(band.fromCents)} – ${formatCents(band.toCents)}`,
    rate: `${Math.round(commissionRate(band.fromCents) * 100)}%`,
  }));
}
