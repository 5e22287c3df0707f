import type { DonationOrder, LoginData, SavedAddress } from '@yardly/shared/contract';
import { expect } from 'vitest';
import { newRefnum } from '../src/db/refnum';
import { organizations, workEmailDomains } from '../src/db/schema/index';
import { call, HOME } from './checkout-helpers';
import type { TestApp } from './harness';
import { freshEmail, lastCode, post, signedUp } from './identity-helpers';
import { auth, image, multipart, publishedListing, subCategory } from './selling-helpers';

/** The api with the donation flag on (`PUBLIC_DONATION_ENABLED=true`). */
export const DONATION_ON = { env: { PUBLIC_DONATION_ENABLED: 'true' } };

/** The item's zip of every donation listing here (New York). */
export const ITEM_ZIP = '10001';

/** An organisation with its work-email domain (a charity unless said otherwise): its id, refnum, name and domain. */
export async function organisation(
  t: TestApp,
  options: {
    kind?: 'company' | 'charity';
    status?: 'VERIFIED' | 'IN_REVIEW' | 'REJECTED';
    name?: string;
    domain?: string;
  } = {},
): Promise<{ id: number; refnum: string; domain: string; name: string }> {
  const tag = Math.random().toString(36).slice(2, 8);
  const name = options.name ?? `Helping Hands ${tag}`;
  const domain = options.domain ?? `charity-${tag}.org`;
  const [org] = await t.database.db
    .insert(organizations)
    .values({
      refnum: newRefnum('organization'),
      name,
      status: options.status ?? 'VERIFIED',
      kind: options.kind ?? 'charity',
    })
    .returning();
  if (!org) throw new Error('no organisation');
  await t.database.db.insert(workEmailDomains).values({ domain, organizationId: org.id });
  return { id: org.id, refnum: org.refnum, domain, name };
}

/** A person who verified a work email at `domain` (the code mailed, then entered): their login data after it. */
export async function memberOf(t: TestApp, domain: string, prefix = 'member'): Promise<LoginData> {
  const person = await signedUp(t, freshEmail(prefix));
  const workEmail = `${prefix}.${Math.random().toString(36).slice(2, 8)}@${domain}`;
  const sent = await post(t, '/svc/users/verify-profession', { workEmail }, person.token);
  expect(sent.statusCode, sent.body).toBe(200);
  const code = await lastCode(t, workEmail);
  const verified = await call<LoginData>(t, 'POST', '/svc/users/verify-profession-code', person.token, {
    workEmail,
    code,
  });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return { ...person, ...verified.body.data, token: verified.body.data.token || person.token };
}

/** A donation recipient: a member, by a verified work email, of a VERIFIED charity. */
export async function recipient(t: TestApp, prefix = 'recipient'): Promise<LoginData> {
  const { domain } = await organisation(t);
  return memberOf(t, domain, prefix);
}

/** A coat given away at the item's zip (a donation: price 0, picked up, in a category that takes donations); its refnum. */
export async function donationListing(t: TestApp, token: string, title = 'Warm winter coat'): Promise<string> {
  return publishedListing(t, token, {
    listingTitle: title,
    categoryRefnum: await subCategory(t, 'Fiction'),
    listingPrice: 0,
    donation: true,
    shippable: false,
    meetToDeliver: true,
    buyNow: false,
    zip: ITEM_ZIP,
  });
}

export function placeDonation(t: TestApp, token: string | undefined, listingRefnum: string) {
  return call<{ donationOrderId: string; conversationId: string }>(t, 'POST', '/svc/donations/placeOrder', token, {
    listingRefnum,
  });
}

/** A request the recipient placed (asserted): its ids. */
export async function requested(t: TestApp, who: LoginData, listingRefnum: string) {
  const placed = await placeDonation(t, who.token, listingRefnum);
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return placed.body.data;
}

export function donationOf(t: TestApp, token: string | undefined, listingRefnum: string) {
  return call<DonationOrder>(t, 'GET', `/svc/donations?listingRefnum=${listingRefnum}`, token);
}

export function addPickupAddress(t: TestApp, token: string, address: Partial<typeof HOME> = {}) {
  return call<SavedAddress>(t, 'POST', '/svc/donations/pickupAddress', token, { ...HOME, ...address });
}

/** The confirmation page's payload for this donation and address. */
export function confirmBody(listingRefnum: string, donor: LoginData, to: LoginData, donarAddressId: string) {
  return { listingRefnum, donarRefnum: donor.userRefnum, recipientRefnum: to.userRefnum, donarAddressId };
}

export function confirmDonation(t: TestApp, token: string, body: ReturnType<typeof confirmBody>) {
  return call<DonationOrder>(t, 'POST', '/svc/donations/confirm', token, body);
}

/** The donor's saved address at the item's zip, added (as the page's 'Add pickup address') when they have none; its id. */
export async function pickupAddressId(t: TestApp, donor: LoginData): Promise<string> {
  const saved = await call<SavedAddress[]>(t, 'GET', '/svc/account/fetchAddresses', donor.token);
  const atZip = saved.body.data.find((address) => address.zip === ITEM_ZIP);
  if (atZip) return atZip.id;
  const added = await addPickupAddress(t, donor.token, { zip: ITEM_ZIP });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return added.body.data.id;
}

/** The donor confirmed a pickup address at the item's zip (asserted). */
export async function confirmed(t: TestApp, donor: LoginData, to: LoginData, listingRefnum: string) {
  const addressId = await pickupAddressId(t, donor);
  const done = await confirmDonation(t, donor.token, confirmBody(listingRefnum, donor, to, addressId));
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return done.body.data;
}

export function donationStep(
  t: TestApp,
  token: string | undefined,
  step: 'picked-up' | 'received' | 'cancel',
  donationOrderId: string,
) {
  return call<DonationOrder>(t, 'POST', `/svc/donations/${step}`, token, { donationOrderId });
}

export async function uploadDonationPicture(t: TestApp, token: string, donationOrderId: string, data?: Buffer) {
  const body = await multipart(data ?? (await image(640, 480)));
  const res = await t.app.inject({
    method: 'POST',
    url: `/svc/donations/picture?donationOrderId=${donationOrderId}&messageRef=handover`,
    payload: body.payload,
    headers: { ...auth(token), ...body.headers },
  });
  return { status: res.statusCode, body: JSON.parse(res.body) as { data: { resourcePath: string; url: string } } };
}

export function saveDonationPicture(t: TestApp, token: string, donationOrderId: string, resourcePath: string) {
  return call<DonationOrder>(t, 'POST', '/svc/donations/picture/save', token, { donationOrderId, resourcePath });
}

export async function deleteDonationPicture(t: TestApp, token: string, resourcePath: string) {
  const res = await t.app.inject({
    method: 'DELETE',
    url: `/svc/donations/picture?resourcePath=${encodeURIComponent(resourcePath)}`,
    headers: auth(token),
  });
  return { status: res.statusCode, body: JSON.parse(res.body) as { msg?: string; data?: unknown } };
}
