import type { LoginData } from '@yardly/shared/contract';
import { expect } from 'vitest';
import { authorisedIntent, call, createPI, type Placed } from './checkout-helpers';
import type { TestApp } from './harness';
import { publishedListing } from './selling-helpers';
import type { StripeStandIn } from './stripe-stand-in';

/** A local sale of `priceCents` (pay-and-pickup) whose code the seller entered: delivered, the share available. */
export async function deliveredPickup(
  t: TestApp,
  seller: LoginData,
  buyer: LoginData,
  priceCents = 2000,
): Promise<{ orderId: string; listing: string }> {
  const listing = await publishedListing(t, seller.token, {
    shippable: false,
    meetToDeliver: true,
    listingPrice: priceCents,
  });
  const intent = await authorisedIntent(t, buyer.token, { listingRefnum: listing, deliveryMethod: 'pickup' });
  const paid = await call<Placed & { pickupCode: string }>(t, 'POST', '/svc/offer/pay-and-pickup', buyer.token, {
    listingRefnum: listing,
    paymentIntentId: intent.paymentIntentId,
  });
  expect(paid.status).toBe(200);
  const { orderId, pickupCode } = paid.body.data;
  const done = await call(t, 'POST', '/svc/orders/confirm-pickup', seller.token, { orderId, code: pickupCode });
  expect(done.status).toBe(200);
  return { orderId, listing };
}

/** Stripe's test account that is paid (the built-in provider pays it). */
export const GOOD_ACCOUNT = '000123456789';

export async function saveBankAccount(t: TestApp, person: LoginData, accountNumber = GOOD_ACCOUNT): Promise<void> {
  const saved = await call(t, 'POST', '/svc/account/saveBankAccount', person.token, {
    accountHolder: 'Sam Seller',
    routingNumber: '011000015',
    accountNumber,
  });
  expect(saved.status).toBe(200);
}

/**
 * A $20 local sale paid through the Stripe stand-in with its test card and handed over (the code
 * entered), so the seller's share is available at the next payout run.
 */
export async function deliveredStripePickup(
  t: TestApp,
  standIn: StripeStandIn,
  seller: LoginData,
  buyer: LoginData,
): Promise<void> {
  const listing = await publishedListing(t, seller.token, {
    shippable: false,
    meetToDeliver: true,
    listingPrice: 2000,
  });
  const pi = await createPI(t, buyer.token, { listingRefnum: listing, deliveryMethod: 'pickup' });
  const intentId = pi.body.data.paymentIntentId;
  expect((await standIn.confirm(intentId, 'pm_card_visa')).status).toBe(200);
  const paid = await call<Placed & { pickupCode: string }>(t, 'POST', '/svc/offer/pay-and-pickup', buyer.token, {
    listingRefnum: listing,
    paymentIntentId: intentId,
  });
  expect(paid.status).toBe(200);
  const { orderId, pickupCode } = paid.body.data;
  expect(
    (await call(t, 'POST', '/svc/orders/confirm-pickup', seller.token, { orderId, code: pickupCode })).status,
  ).toBe(200);
}
