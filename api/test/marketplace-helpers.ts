import type { ListingDetail, ListingForm, LoginData } from '@yardly/shared/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { organizations } from '../src/db/schema/index';
import { call } from './checkout-helpers';
import { organisation } from './donation-helpers';
import { json, type TestApp } from './harness';
import { freshAddress, freshEmail, lastCode, postFrom, signedUp } from './identity-helpers';
import type { Answer } from './offer-helpers';
import { withRoles } from './role-helpers';
import { createListing, draftRef, goodForm } from './selling-helpers';

/** An organisation of the tests: its refnum, its address name and its work-email domain. */
export interface TestOrganisation {
  id: number;
  refnum: string;
  name: string;
  orgName: string;
  domain: string;
}

let count = 0;

/** A VERIFIED B2B organisation with a work-email domain of its own (its marketplace is open). */
export async function b2bOrganisation(
  t: TestApp,
  options: { status?: 'VERIFIED' | 'IN_REVIEW' | 'REJECTED'; isB2B?: boolean; commissionWaived?: boolean } = {},
): Promise<TestOrganisation> {
  count += 1;
  // Its address name is its name's slug ('Acme 3x' is 'acme-3x'), its domain that with '.com'.
  const orgName = `acme-${count}${Math.random().toString(36).slice(2, 7)}`;
  const made = await organisation(t, {
    kind: 'company',
    status: options.status ?? 'VERIFIED',
    name: orgName.replace('acme-', 'Acme '),
    domain: `${orgName}.com`,
  });
  await t.database.db
    .update(organizations)
    .set({ isB2B: options.isB2B ?? true, commissionWaived: options.commissionWaived ?? false })
    .where(eq(organizations.id, made.id));
  return { ...made, orgName };
}

/**
 * Confirms a work email for a signed-in person through the api (verify-profession, then its
 * code), from their own network as people do (the per-address code limits are not this file's).
 */
export async function verifyWorkEmail(t: TestApp, person: LoginData, workEmail: string): Promise<void> {
  const from = freshAddress();
  const headers = { authorization: `Bearer ${person.token}` };
  const sent = await postFrom(t, from, '/svc/users/verify-profession', { workEmail }, headers);
  expect(sent.statusCode, sent.body).toBe(200);
  const code = await lastCode(t, workEmail);
  const confirmed = await postFrom(t, from, '/svc/users/verify-profession-code', { workEmail, code }, headers);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
}

/** A signed-up person who verified a work email at the organisation: one of its members. */
export async function memberOf(t: TestApp, organisation: TestOrganisation, who = 'member'): Promise<LoginData> {
  const person = await signedUp(t, freshEmail(who));
  await verifyWorkEmail(t, person, `${who}.${Math.random().toString(36).slice(2, 8)}@${organisation.domain}`);
  return person;
}

export async function admin(t: TestApp): Promise<LoginData> {
  return withRoles(t, await signedUp(t, freshEmail('admin')), ['ROLE_USER', 'ROLE_ADMIN']);
}

/** A listing published in the organisation's marketplace by one of its members; its refnum. */
/** A listing's terms for one that takes offers ('Take offers' rather than 'Buy Now'). */
export const TAKES_OFFERS = { buyNow: false } as const;

export async function organisationListing(
  t: TestApp,
  seller: LoginData,
  organisation: TestOrganisation,
  title: string,
  terms: Partial<ListingForm> = {},
): Promise<string> {
  const form = await goodForm(t, await draftRef(t, seller.token), {
    ...terms,
    listingTitle: title,
    orgRefnum: organisation.refnum,
  });
  const res = await createListing(t, seller.token, form);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: { listingRefnum: string } }>(res).data.listingRefnum;
}

/** The console's update of an organisation (`PUT /svc/admin/organizations/:refnum`), as an admin makes it. */
export async function updateOrganisation(
  t: TestApp,
  by: LoginData,
  organisation: TestOrganisation,
  change: { status?: 'VERIFIED' | 'IN_REVIEW' | 'REJECTED'; isB2B?: boolean },
): Promise<Answer<unknown>> {
  const [row] = await t.database.db.select().from(organizations).where(eq(organizations.id, organisation.id));
  if (!row) throw new Error('no organisation');
  const record = { name: row.name, status: row.status, isB2B: row.isB2B, kind: row.kind, ...change };
  const res = await t.app.inject({
    method: 'PUT',
    url: `/svc/admin/organizations/${organisation.refnum}`,
    payload: record,
    headers: { authorization: `Bearer ${by.token}` },
  });
  return { status: res.statusCode, body: json(res) };
}

/** The item page's answer for a listing (`POST /svc/listing/detailListing/v2`). */
export function detail(t: TestApp, listingRefnum: string, token?: string) {
  return call<{ listing: ListingDetail | null; itemAvailable: boolean }>(
    t,
    'POST',
    '/svc/listing/detailListing/v2',
    token,
    { listingRefnum },
  );
}
