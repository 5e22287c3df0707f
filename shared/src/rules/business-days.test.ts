import { describe, expect, it } from 'vitest';
import { addBusinessDays, isBusinessDay, usFederalHolidays } from './business-days';

const at = (iso: string) => new Date(iso);

describe('US business days', () => {
  it('skips Thanksgiving 2026 (Thursday 26 November) and the weekend after it', () => {
    expect(isBusinessDay(at('2026-11-26T12:00:00Z'))).toBe(false);
    expect(isBusinessDay(at('2026-11-27T12:00:00Z'))).toBe(true); // the Friday after is not a federal holiday
    // Ordered the Wednesday before: Fri 27, Mon 30, Tue 1 December.
    expect(addBusinessDays(at('2026-11-25T10:00:00Z'), 3).toISOString()).toBe('2026-12-01T10:00:00.000Z');
  });

  it('Christmas 2027 falls on a Saturday: observed on Friday 24 December', () => {
    const christmas = usFederalHolidays(2027).find((h) => h.name === 'Christmas Day');
    expect(christmas?.date.toISOString().slice(0, 10)).toBe('2027-12-24');
    expect(isBusinessDay(at('2027-12-24T09:00:00Z'))).toBe(false);
    // Thursday 23 plus one: Friday is the holiday, then the weekend: Monday 27.
    expect(addBusinessDays(at('2027-12-23T09:00:00Z'), 1).toISOString()).toBe('2027-12-27T09:00:00.000Z');
  });

  it("New Year's Day 2028 falls on a Saturday: observed on Friday 31 December 2027", () => {
    expect(isBusinessDay(at('2027-12-31T12:00:00Z'))).toBe(false);
    expect(
      usFederalHolidays(2028)
        .find((h) => h.name === "New Year's Day")
        ?.date.toISOString()
        .slice(0, 10),
    ).toBe('2027-12-31');
    // Thursday 30 December plus one: Friday 31 observed, the weekend, Monday 3 January 2028.
    expect(addBusinessDays(at('2027-12-30T08:00:00Z'), 1).toISOString()).toBe('2028-01-03T08:00:00.000Z');
  });

  it('Juneteenth: Friday 19 June 2026; Saturday 19 June 2027 observed on Friday 18', () => {
    expect(isBusinessDay(at('2026-06-19T12:00:00Z'))).toBe(false);
    expect(isBusinessDay(at('2027-06-18T12:00:00Z'))).toBe(false);
    expect(isBusinessDay(at('2027-06-21T12:00:00Z'))).toBe(true);
    // Sunday 19 June 2022 was observed on Monday 20.
    expect(isBusinessDay(at('2022-06-20T12:00:00Z'))).toBe(false);
  });

  it('a deadline over a weekend and a Monday holiday (Labor Day, 7 September 2026)', () => {
    // Friday 4 September plus 3: Tuesday 8, Wednesday 9, Thursday 10.
    expect(addBusinessDays(at('2026-09-04T17:00:00Z'), 3).toISOString()).toBe('2026-09-10T17:00:00.000Z');
    // Without the holiday it would have been Wednesday 9: a plain weekend for comparison.
    expect(addBusinessDays(at('2026-09-11T17:00:00Z'), 3).toISOString()).toBe('2026-09-16T17:00:00.000Z');
  });

  it('weekdays are business days, weekends are not; zero days is the same moment', () => {
    expect(isBusinessDay(at('2026-12-02T00:00:00Z'))).toBe(true);
    expect(isBusinessDay(at('2026-12-05T23:59:59Z'))).toBe(false);
    expect(isBusinessDay(at('2026-12-06T00:00:00Z'))).toBe(false);
    expect(addBusinessDays(at('2026-12-02T05:00:00Z'), 0).toISOString()).toBe('2026-12-02T05:00:00.000Z');
  });
});
