/**
 * US business days (issue 19): Monday to Friday, skipping the US federal holidays as the federal
 * government observes them (a holiday on a Saturday is observed the Friday before, on a Sunday the
 * Monday after). The ship-by deadline, the receipt window and the return's reply time all count
 * them. Dates are read in UTC, as every other time rule of the platform.
 */

const DAY_MS = 86_400_000;

/** The `n`th (1-based) `weekday` (0 Sunday) of `month` (0-based) in `year`, as a UTC day number. */
function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  const first = new Date(Date.UTC(year, month, 1)).getUTCDay();
  return Date.UTC(year, month, 1 + ((weekday - first + 7) % 7) + (n - 1) * 7);
}

/** The last `weekday` of `month` in `year`. */
function lastWeekday(year: number, month: number, weekday: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return lastDay.getTime() - ((lastDay.getUTCDay() - weekday + 7) % 7) * DAY_MS;
}

/** A fixed-date holiday moved to the weekday it is observed on. */
function observed(year: number, month: number, day: number): number {
  const at = Date.UTC(year, month, day);
  const weekday = new Date(at).getUTCDay();
  if (weekday === 6) return at - DAY_MS;
  if (weekday === 0) return at + DAY_MS;
  return at;
}

/** The federal holidays observed in `year`, as UTC midnights, with their names. */
export function usFederalHolidays(year: number): { name: string; date: Date }[] {
  const days: [string, number][] = [
    ["New Year's Day", observed(year, 0, 1)],
    ['Birthday of Martin Luther King, Jr.', nthWeekday(year, 0, 1, 3)],
    ["Washington's Birthday", nthWeekday(year, 1, 1, 3)],
    ['Memorial Day', lastWeekday(year, 4, 1)],
    ['Juneteenth National Independence Day', observed(year, 5, 19)],
    ['Independence Day', observed(year, 6, 4)],
    ['Labor Day', nthWeekday(year, 8, 1, 1)],
    ['Columbus Day', nthWeekday(year, 9, 1, 2)],
    ['Veterans Day', observed(year, 10, 11)],
    ['Thanksgiving Day', nthWeekday(year, 10, 4, 4)],
    ['Christmas Day', observed(year, 11, 25)],
  ];
  return days.map(([name, at]) => ({ name, date: new Date(at) }));
}

const holidayCache = new Map<number, Set<number>>();

function holidaysOf(year: number): Set<number> {
  let set = holidayCache.get(year);
  if (!set) {
    set = new Set(usFederalHolidays(year).map((h) => h.date.getTime()));
    holidayCache.set(year, set);
  }
  return set;
}

/** Whether `at`'s UTC day is a US business day. */
export function isBusinessDay(at: Date): boolean {
  const weekday = at.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  // A New Year's Day on a Saturday is observed on the Friday before, in the previous year.
  return !holidaysOf(at.getUTCFullYear()).has(day) && !holidaysOf(at.getUTCFullYear() + 1).has(day);
}

/** `from` plus `businessDays` US business days, keeping the time of day (a Friday plus 1 is the Monday, unless it is a holiday). */
export function addBusinessDays(from: Date, businessDays: number): Date {
  const at = new Date(from.getTime());
  let left = businessDays;
  while (left > 0) {
    at.setUTCDate(at.getUTCDate() + 1);
    if (isBusinessDay(at)) left -= 1;
  }
  return at;
}
