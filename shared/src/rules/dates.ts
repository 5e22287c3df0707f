/** Date display: en-GB short, always in UTC so server and browser render the same text (spec sections 5 and 9). */

const enGbShort = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * Formats a date as day, short month, year in UTC: '22 Nov 2026'. Current CLDR spells
 * September 'Sept' in en-GB ('5 Sept 2026'). Anything that is not a valid date gives ''.
 */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : enGbShort.format(date);
}
