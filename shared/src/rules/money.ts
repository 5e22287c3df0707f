/** Money in integer cents; en-US display; the seller commission schedule (spec sections 5 and 9). */

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Rounds half away from zero, after cancelling binary noise such as 1.005 * 100 = 100.49999999999999. */
function roundHalfAwayFromZero(value: number): number {
  const cleaned = Number(value.toFixed(8));
  return Math.sign(cleaned) * Math.round(Math.abs(cleaned));
}

/** Dollar amount to integer cents (1.005 → 101). Throws RangeError on NaN or Infinity. */
export function dollarsToCents(dollars: number): number {
  if (!Number.isFinite(dollars)) throw new RangeError(`Not a dollar amount: ${dollars}`);
  return roundHalfAwayFromZero(dollars * 100) + 0; // + 0 turns -0 into 0
}

/** Integer cents to dollars (1999 → 19.99). Non-integer cents are rounded first. */
export function centsToDollars(cents: number): number {
  if (!Number.isFinite(cents)) throw new RangeError(`Not an amount in cents: ${cents}`);
  return (roundHalfAwayFromZero(cents) + 0) / 100;
}

/**
 * What a person typed in a dollar input ('45', '45.5', '.99') as integer cents; null when it is
 * not a non-negative amount with at most two decimals. Dollars live only in form inputs.
 */
export function dollarInputToCents(text: string): number | null {
  const typed = text.trim();
  if (!/^(\d+(\.\d{0,2})?|\.\d{1,2})$/.test(typed)) return null;
  return dollarsToCents(Number(typed));
}

/** Integer cents as a dollar input's text (4550 → '45.5', 0 → '0'). */
export function centsToDollarInput(cents: number): string {
  return String(centsToDollars(cents));
}

/**
 * Formats a dollar amount (number or numeric string) as `$1,234.50`.
 * '-' and '' come back unchanged (placeholders); null, undefined and anything that is not a
 * finite number give '' so a page never shows `$NaN`.
 */
export function formatMoney(value: number | string | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (value === '-' || value === '') return value;
  if (typeof value === 'string' && value.trim() === '') return '';
  const dollars = typeof value === 'number' ? value : Number(value.trim());
  if (!Number.isFinite(dollars)) return '';
  return usd.format(dollarsToCents(dollars) / 100);
}

/** Formats integer cents as `$1,234.50`; '' when the value is not a finite number. */
export function formatCents(cents: number): string {
  if (!Number.isFinite(cents)) return '';
  return usd.format(centsToDollars(cents));
}

export interface CommissionBand {
  /** First price in the band, in cents, inclusive. */
  fromCents: number;
  /** Last price in the band, in cents, inclusive; null for "and up". */
  toCents: number | null;
  /** Share of the price kept as commission, e.g. 0.15. */
  rate: number;
}

/**
 * The commission table as the FAQ shows it (spec section 9). Prices below the first band
 * (under $1, including free items) pay no commission.
 */
export const COMMISSION_SCHEDULE: readonly CommissionBand[] = Object.freeze([
  { fromCents: 100, toCents: 1499, rate: 0 },
  { fromCents: 1500, toCents: 2499, rate: 0.15 },
  { fromCents: 2500, toCents: 2999, rate: 0.1 },
  { fromCents: 3000, toCents: 4999, rate: 0.08 },
  { fromCents: 5000, toCents: null, rate: 0.05 },
]);

function assertPriceCents(priceCents: number): void {
  if (!Number.isInteger(priceCents) || priceCents < 0) {
    throw new RangeError(`priceCents must be a non-negative integer, got ${priceCents}`);
  }
}

/** Commission rate for a price in integer cents (1500 → 0.15). Throws RangeError on a negative or fractional price. */
export function commissionRate(priceCents: number): number {
  assertPriceCents(priceCents);
  const band = COMMISSION_SCHEDULE.find(
    (b) => priceCents >= b.fromCents && (b.toCents === null || priceCents <= b.toCents),
  );
  return band?.rate ?? 0;
}

/** Commission in whole cents, rounded half up (computed in integers, so no float drift). */
export function commissionCents(priceCents: number): number {
  const basisPoints = Math.round(commissionRate(priceCents) * 10_000);
  return Math.floor((priceCents * basisPoints + 5_000) / 10_000);
}

/** What the seller is paid for a sale at this price, in cents. */
export function sellerReceivesCents(priceCents: number): number {
  return priceCents - commissionCents(priceCents);
}
