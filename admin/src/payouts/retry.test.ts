import { adminPayoutRetrySchema } from '@yardly/shared/contract';
import { eventsFor, PAYOUT_STATUSES, payoutProcess } from '@yardly/shared/rules';
import { describe, expect, it } from 'vitest';
import { payoutButtons, retryRequest } from './retry';

describe("the console's payout Retry", () => {
  it('shows on a failed payout only, as the payout table allows an admin', () => {
    const byStatus = Object.fromEntries(
      PAYOUT_STATUSES.map((status) => [
        status,
        payoutButtons({ actions: eventsFor(payoutProcess, status, 'admin', {}) }).map((b) => b.label),
      ]),
    );
    expect(byStatus).toEqual({ pending: [], paid: [], failed: ['Retry'] });
  });

  it('sends the one change the api takes', () => {
    const request = retryRequest();
    expect(request).toEqual({ method: 'PUT', data: { retry: true } });
    expect(request.method === 'PUT' && adminPayoutRetrySchema.safeParse(request.data).success).toBe(true);
  });
});
