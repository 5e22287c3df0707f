import type { LoginData } from '@yardly/shared/contract';
import { OPEN_CHECKOUTS_PER_BUYER, orderMessages } from '@yardly/shared/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPI } from './checkout-helpers';
import { closeInOrder, startTestApp, type TestApp } from './harness';
import { freshEmail, signedUp } from './identity-helpers';
import { advanceKeepingSignedIn } from './offer-helpers';
import { signedUpPeople } from './role-helpers';
import { publishedListing } from './selling-helpers';
import type { StripeStandIn } from './stripe-stand-in';
import { stripeApp } from './webhook-helpers';

let t: TestApp;
let standIn: StripeStandIn;
let seller: LoginData;
let buyer: LoginData;

beforeAll(async () => {
  ({ t, standIn } = await stripeApp(startTestApp));
  ({ seller, buyer } = await signedUpPeople(t, 'seller', 'buyer'));
});
afterAll(() => closeInOrder(t, standIn));

const localItem = (listingPrice: number) =>
  publishedListing(t, seller.token, { shippable: false, meetToDeliver: true, listingPrice });

describe("the client's Idempotency-Key", () => {
  it('is refused with 400 past 200 characters, never a 500, and taken at 200', async () => {
    const listing = await localItem(2000);
    for (const length of [201, 234, 255, 300]) {
      const res = await createPI(
        t,
        buyer.token,
        { listingRefnum: listing, deliveryMethod: 'pickup' },
        'k'.repeat(length),
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 400,
        msg: orderMessages.idempotencyKeyTooLong,
        errors: [{ field: 'Idempotency-Key', message: orderMessages.idempotencyKeyTooLong }],
      });
    }
    const longest = await createPI(
      t,
      buyer.token,
      { listingRefnum: listing, deliveryMethod: 'pickup' },
      'k'.repeat(200),
    );
    expect(longest.status).toBe(200);
    expect(longest.body.data.status).toBe('requires_payment_method');
  });
});

describe('card charges under 50¢', () => {
  it('refuses a 1¢ or 49¢ total with a clear message, and makes no intent at Stripe', async () => {
    const intentsBefore = standIn.objects('pi').length;
    for (const price of [1, 49]) {
      const res = await createPI(t, buyer.token, { listingRefnum: await localItem(price), deliveryMethod: 'pickup' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 400,
        msg: orderMessages.belowCardMinimum,
        errors: [
          { field: 'amount', message: 'A card payment must be at least $0.50: this total is too small to pay by card' },
        ],
      });
    }
    expect(standIn.objects('pi')).toHaveLength(intentsBefore);
  });

  it('takes a 50¢ total by card', async () => {
    const res = await createPI(t, buyer.token, { listingRefnum: await localItem(50), deliveryMethod: 'pickup' });
    expect(res.status).toBe(200);
    expect(res.body.data.amount.total).toBe(50);
    expect(standIn.objects('pi').find((pi) => pi.id === res.body.data.paymentIntentId)).toMatchObject({ amount: 50 });
  });
});

describe('open checkouts per person, asked for at once', () => {
  it(`opens ${OPEN_CHECKOUTS_PER_BUYER} of ${OPEN_CHECKOUTS_PER_BUYER + 4} checkouts sent together, refuses the rest with 429, and a refused key answers once a place is free`, async () => {
    const person = await signedUp(t, freshEmail('at-once'));
    const listing = await localItem(1500);
    const keys = Array.from({ length: OPEN_CHECKOUTS_PER_BUYER + 4 }, (_, i) => `at-once-${i}-${person.userRefnum}`);
    const answers = await Promise.all(
      keys.map((key) => createPI(t, person.token, { listingRefnum: listing, deliveryMethod: 'pickup' }, key)),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([
      ...Array(OPEN_CHECKOUTS_PER_BUYER).fill(200),
      ...Array(4).fill(429),
    ]);
    for (const refused of answers.filter((res) => res.status === 429)) {
      expect(refused.body).toMatchObject({ code: 429, msg: orderMessages.tooManyOpenCheckouts });
    }
    // At Stripe nothing of theirs is authorised: the refused ones' intents were never confirmed.
    const theirs = () =>
      standIn.objects('pi').filter((pi) => (pi.metadata as Record<string, string>).buyerRefnum === person.userRefnum);
    expect(theirs().filter((pi) => pi.status !== 'requires_payment_method')).toEqual([]);
    // One more, alone, is refused too.
    expect((await createPI(t, person.token, { listingRefnum: listing, deliveryMethod: 'pickup' })).status).toBe(429);
    // Once the sweep has looked at the open ones, a refused key sent again answers its own intent, made once.
    await advanceKeepingSignedIn(t, 20, [person]);
    const made = theirs().length;
    const refusedKey = keys[answers.findIndex((res) => res.status === 429)];
    const again = await createPI(t, person.token, { listingRefnum: listing, deliveryMethod: 'pickup' }, refusedKey);
    expect(again.status).toBe(200);
    expect(again.body.data.status).toBe('requires_payment_method');
    expect(theirs()).toHaveLength(made);
  });
});
