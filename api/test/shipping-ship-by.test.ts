import type { LoginData } from '@yardly/shared/contract';
import { addBusinessDays, isBusinessDay, orderMessages, usFederalHolidays } from '@yardly/shared/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger, ledgerIsSound } from '../src/modules/ledger/check';
import { boughtNow, orderDetail } from './checkout-helpers';
import { advanceClock, startTestApp, type TestApp } from './harness';
import { freshEmail, signedUp } from './identity-helpers';
import { noticeRowsOf } from './notification-helpers';
import { publishedListing } from './selling-helpers';
import { loggedInAgain } from './shipping-helpers';

const DAY = 86_400_000;
let t: TestApp;
let seller: LoginData;
let buyer: LoginData;
const emails = { seller: freshEmail('seller'), buyer: freshEmail('buyer') };

beforeAll(async () => {
  t = await startTestApp();
  seller = await signedUp(t, emails.seller);
  buyer = await signedUp(t, emails.buyer);
});
afterAll(() => t?.close());

/** Moves the clock to `at` (forward only) and logs both in again. */
async function clockTo(at: Date): Promise<void> {
  const minutes = Math.round((at.getTime() - t.app.clock.now().getTime()) / 60_000);
  expect(minutes).toBeGreaterThanOrEqual(0);
  await advanceClock(t, minutes);
  seller = await loggedInAgain(t, emails.seller);
  buyer = await loggedInAgain(t, emails.buyer);
}

const noon = (ms: number) => {
  const d = new Date(ms);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 12));
};

/** `from` plus `n` weekdays, as if there were no holidays. */
function addWeekdays(from: Date, n: number): Date {
  const d = new Date(from);
  for (let left = n; left > 0; ) {
    d.setUTCDate(d.getUTCDate() + 1);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) left -= 1;
  }
  return d;
}

async function status(orderId: string): Promise<string> {
  return (await orderDetail(t, buyer.token, orderId)).body.data.status;
}

describe('ship-by: three US business days to buy the label', () => {
  it('an order placed on a Thursday is not cancelled over the weekend, but after its third business day (Tuesday)', async () => {
    // The next Thursday whose Friday, Monday and Tuesday are all business days.
    let thursday = noon(t.app.clock.now().getTime() + DAY);
    while (thursday.getUTCDay() !== 4 || ![1, 4, 5].every((d) => isBusinessDay(new Date(thursday.getTime() + d * DAY))))
      thursday = new Date(thursday.getTime() + DAY);
    await clockTo(thursday);
    const placed = await boughtNow(t, buyer.token, await publishedListing(t, seller.token));
    const detail = await orderDetail(t, buyer.token, placed.orderId);
    const shipBy = new Date(detail.body.data.shipBy);
    expect(shipBy.getUTCDay()).toBe(2); // Tuesday
    expect(shipBy.getTime() - t.app.clock.now().getTime()).toBeGreaterThan(4 * DAY);

    await clockTo(new Date(t.app.clock.now().getTime() + 2 * DAY)); // Saturday: 2 calendar days
    expect(await status(placed.orderId)).toBe('paid');
    await clockTo(new Date(shipBy.getTime() - 10 * 60_000));
    expect(await status(placed.orderId)).toBe('paid');
    await clockTo(new Date(shipBy.getTime() + 60_000));
    const cancelled = await orderDetail(t, buyer.token, placed.orderId);
    expect([cancelled.body.data.status, cancelled.body.data.history.map((h) => h.event)]).toEqual([
      'cancelled',
      ['place', 'autoCancel'],
    ]);
    for (const person of [buyer, seller]) {
      const told = await noticeRowsOf(t, person);
      expect(told.map((n) => n.text)).toContain(orderMessages.autoCancelled);
    }
    expect(ledgerIsSound(await checkLedger(t.database.db))).toBe(true);
  });

  it('a federal holiday in the three days moves the deadline one business day later', async () => {
    const now = t.app.clock.now();
    // The next weekday holiday whose weekday before it is at least a day away: the order is placed that day.
    const holidays = [now.getUTCFullYear(), now.getUTCFullYear() + 1]
      .flatMap((y) => usFederalHolidays(y).map((h) => h.date))
      .filter((d) => d.getUTCDay() >= 1 && d.getUTCDay() <= 5)
      .sort((a, b) => a.getTime() - b.getTime());
    let orderDay: Date | undefined;
    for (const holiday of holidays) {
      let before = new Date(holiday.getTime() - DAY);
      while (!isBusinessDay(before)) before = new Date(before.getTime() - DAY);
      if (noon(before.getTime()).getTime() > now.getTime() + 60_000) {
        orderDay = noon(before.getTime());
        break;
      }
    }
    if (!orderDay) throw new Error('no holiday ahead');
    await clockTo(orderDay);
    const placed = await boughtNow(t, buyer.token, await publishedListing(t, seller.token));
    const detail = (await orderDetail(t, buyer.token, placed.orderId)).body.data;
    const shipBy = new Date(detail.shipBy);
    const placedAt = new Date(detail.createdAt);
    const withoutHolidays = addWeekdays(placedAt, 3);
    expect(shipBy.toISOString()).toBe(addBusinessDays(placedAt, 3).toISOString());
    expect(shipBy.getTime()).toBeGreaterThan(withoutHolidays.getTime());

    await clockTo(new Date(withoutHolidays.getTime() + 60_000));
    expect(await status(placed.orderId)).toBe('paid');
    await clockTo(new Date(shipBy.getTime() + 60_000));
    expect(await status(placed.orderId)).toBe('cancelled');
    expect(ledgerIsSound(await checkLedger(t.database.db))).toBe(true);
  });
});
