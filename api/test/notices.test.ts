import type { LoginData } from '@yardly/shared/contract';
import { orderMessages } from '@yardly/shared/rules';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, pushSubscriptions } from '../src/db/schema/index';
import { NOTIFICATION_PUSH_JOB } from '../src/modules/notifications/job-names';
import { boughtNow, call } from './checkout-helpers';
import { startTestApp, type TestApp } from './harness';
import { outbox } from './identity-helpers';
import { savePushToken } from './notification-helpers';
import { advanceKeepingSignedIn } from './offer-helpers';
import { browserSubscription } from './push-service-stand-in';
import { signedUpPeople } from './role-helpers';
import { publishedListing } from './selling-helpers';

// Issue 19: what happens to people's orders reaches them beyond /notifications, by email and push.
let t: TestApp;
let seller: LoginData;
let buyer: LoginData;

beforeAll(async () => {
  t = await startTestApp();
  ({ seller, buyer } = await signedUpPeople(t, 'seller', 'buyer'));
});
afterAll(() => t?.close());

const pushesFor = async (subscriptionId: number) =>
  t.database.db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(
      and(eq(jobs.name, NOTIFICATION_PUSH_JOB), sql`(${jobs.payload}->>'subscriptionId')::bigint = ${subscriptionId}`),
    );

describe('order notices by email and push', () => {
  it('mails the buyer and pushes to their browser within a minute of the seller cancelling, once', async () => {
    const subscription = browserSubscription('https://127.0.0.1:1/push/notices-1');
    expect((await savePushToken(t, buyer.token, { fcm_token: subscription.json })).statusCode).toBe(200);
    const [saved] = await t.database.db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, subscription.json.endpoint));
    const listing = await publishedListing(t, seller.token);
    const { orderId } = await boughtNow(t, buyer.token, listing);
    const cancelled = await call(t, 'POST', '/svc/orders/cancel', seller.token, { orderId });
    expect(cancelled.status).toBe(200);

    await advanceKeepingSignedIn(t, 1, [seller, buyer]);
    const mails = await outbox(t, buyer.email);
    const told = mails.filter((m) => m.text.includes(orderMessages.sellerCancelled));
    expect(told).toHaveLength(1);
    expect(told[0]?.subject).toBe(orderMessages.sellerCancelled);
    expect(told[0]?.text).toContain(`/orders/${orderId}`);
    expect(told[0]?.text).not.toContain('/buying');
    expect((await pushesFor(Number(saved?.id))).length).toBe(1);

    // Handled once: later minutes neither mail nor push it again.
    await advanceKeepingSignedIn(t, 5, [seller, buyer]);
    expect((await outbox(t, buyer.email)).filter((m) => m.text.includes(orderMessages.sellerCancelled))).toHaveLength(
      1,
    );
    expect((await pushesFor(Number(saved?.id))).length).toBe(1);
  });
});
