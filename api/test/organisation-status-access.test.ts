import type { LoginData } from '@yardly/shared/contract';
import { organisationStatusMessages } from '@yardly/shared/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './checkout-helpers';
import { json, startTestApp, type TestApp } from './harness';
import { freshEmail, post, signedUp } from './identity-helpers';
import { sendMessage } from './message-helpers';
import { makeOffer } from './offer-helpers';
import { auth, joinOrganisation, publishedListing } from './selling-helpers';

/**
 * Issue 36, spec section 4 (Organisation status): REJECTED is "not allowed": its members browse
 * and change their work email, nothing else; IN_REVIEW keeps its limited access.
 */
let t: TestApp;
let seller: LoginData;
let listing: string;

beforeAll(async () => {
  t = await startTestApp();
  seller = await signedUp(t, freshEmail('seller'));
  listing = await publishedListing(t, seller.token, { listingPrice: 2500, buyNow: true });
});
afterAll(() => t?.close());

async function member(status: 'IN_REVIEW' | 'REJECTED'): Promise<LoginData> {
  const person = await signedUp(t, freshEmail(status.toLowerCase()));
  await joinOrganisation(t, person.userRefnum, status);
  return person;
}

const favourite = (token: string) =>
  t.app.inject({ method: 'POST', url: `/svc/fav/create?listingRefnum=${listing}`, headers: auth(token) });
/** An offer as the inject answer the other refusals are (makeOffer answers status and body). */
const offered = async (token: string) => {
  const answer = await makeOffer(t, token, listing, 2000);
  return { statusCode: answer.status, body: JSON.stringify(answer.body) };
};
const message = (token: string) =>
  sendMessage(t, token, { listingRefnum: listing, toRefnum: seller.userRefnum, text: 'Hi' });

describe('a member of a REJECTED company', () => {
  it('cannot favourite, message, offer, buy or sell: 403 with the spec’s message', async () => {
    const person = await member('REJECTED');
    const refusals = [
      await favourite(person.token),
      await message(person.token),
      await offered(person.token),
      await t.app.inject({
        method: 'POST',
        url: '/svc/payment/createPI',
        payload: { listingRefnum: listing, deliveryMethod: 'pickup' },
        headers: { ...auth(person.token), 'idempotency-key': 'rejected-buy' },
      }),
      await t.app.inject({ method: 'GET', url: '/svc/listings/inputSourceRandomRefnum', headers: auth(person.token) }),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(403);
      expect(json(res)).toMatchObject({ code: 403, msg: organisationStatusMessages.REJECTED });
    }
  });

  it('still browses and may change the work email', async () => {
    const person = await member('REJECTED');
    const item = await call<{ itemAvailable: boolean }>(
      t,
      'POST',
      `/svc/listing/detailListing/v2?listingRefnum=${listing}`,
      person.token,
    );
    expect(item.status).toBe(200);
    expect(item.body.data.itemAvailable).toBe(true);
    const workEmail = await post(
      t,
      '/svc/users/verify-profession',
      { workEmail: freshEmail('work').replace('example.com', 'acme-widgets.com') },
      person.token,
    );
    expect(workEmail.statusCode, workEmail.body).toBe(200);
  });
});

describe('a member of an IN_REVIEW company', () => {
  it('keeps its limited access: favourites and messages, but does not sell', async () => {
    const person = await member('IN_REVIEW');
    expect((await favourite(person.token)).statusCode).toBe(200);
    expect((await message(person.token)).statusCode).toBe(200);
    const sell = await t.app.inject({
      method: 'GET',
      url: '/svc/listings/inputSourceRandomRefnum',
      headers: auth(person.token),
    });
    expect(sell.statusCode).toBe(403);
    expect(json(sell)).toMatchObject({ msg: organisationStatusMessages.IN_REVIEW });
  });
});
