/** The welcome credit is cents on the wire and dollars in the form: 1000 shows as 10. */
export function dollarsFromCents(cents: unknown): number | '' {
  return typeof cents === 'number' && Number.isFinite(cents) ? cents / 100 : '';
}

/**
 * Dollars typed to cents, rounded to the cent; a fraction of a cent (10.005) stays a fraction
 * so the contract's whole-cents rule refuses it rather than silently rounding what was typed.
 */
export function centsFromDollars(dollars: unknown): number | null {
  if (dollars === '' || dollars === null || dollars === undefined) return null;
  const value = Number(dollars);
  if (!Number.isFinite(value)) return null;
  const cents = value * 100;
  const whole = Math.round(cents);
  return Math.abs(cents - whole) < 1e-6 ? whole : cents;
}
