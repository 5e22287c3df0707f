import type { AdminDonationRecord, LoginData } from '@yardly/shared/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, listings, organizations } from '../src/db/schema/index';
import {
  confirmed,
  DONATION_ON,
  donationListing,
  donationOf,
  memberOf,
  organisation,
  placeDonation,
  recipient,
  requested,
} from './donation-helpers';
import { json, startTestApp, type TestApp } from './harness';
import { freshEmail, outbox, signedUp } from './identity-helpers';
import { advanceSignedIn } from './return-helpers';
import { signedUpPeople } from './role-helpers';

/*
 * The console's donation queue (issue 21): `/svc/admin/donations` in react-admin's dialect. Both
 * admins read it (/donation); only ROLE_ADMIN processes a donation (/donation/process-donations):
 * contact notes and status changes, each audit-logged.
 */

let t: TestApp;
let donor: LoginData;
let charity: LoginData;
let admin: LoginData;
let limited: LoginData;
let stranger: LoginData;

beforeAll(async () => {
  t = await startTestApp(DONATION_ON);
  donor = await signedUp(t, freshEmail('donor'));
  charity = await recipient(t);
  ({ admin, limited, stranger } = await signedUpPeople(t, 'admin', 'limited', 'stranger'));
});
afterAll(() => t?.close());

function consoleCall(method: 'GET' | 'PUT', url: string, token?: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    ...(payload !== undefined && { payload: payload as object }),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** react-admin's list query: each parameter as JSON. */
const q = (params: Record<string, unknown>) =>
  `?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, JSON.stringify(v)])).toString()}`;

async function list(filter: Record<string, unknown>, token = admin.token): Promise<AdminDonationRecord[]> {
  const res = await consoleCall('GET', `/svc/admin/donations${q({ filter, range: [0, 99] })}`, token);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-range']).toMatch(/^donations \d+-\d+\/\d+$/);
  return json<AdminDonationRecord[]>(res);
}

async function record(id: string, token = admin.token): Promise<AdminDonationRecord> {
  const res = await consoleCall('GET', `/svc/admin/donations/${id}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return json<AdminDonationRecord>(res);
}

function change(id: string, body: unknown, token = admin.token) {
  return consoleCall('PUT', `/svc/admin/donations/${id}`, token, body);
}

async function auditOf(id: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resource, 'donations'), eq(auditLog.recordId, id)));
}

/** A donation whose pickup address the donor confirmed: its order id and listing. */
async function confirmedDonation(title = 'Warm winter coat') {
  const listingRefnum = await donationListing(t, donor.token, title);
  const { donationOrderId } = await requested(t, charity, listingRefnum);
  await confirmed(t, donor, charity, listingRefnum);
  return { donationOrderId, listingRefnum };
}

describe('the donation queue', () => {
  it('is read by both admins and refused to everyone else', async () => {
    const { donationOrderId, listingRefnum } = await confirmedDonation();
    const [row] = (await list({ q: listingRefnum }, limited.token)).filter((r) => r.id === donationOrderId);
    expect(row).toMatchObject({
      id: donationOrderId,
      state: 'pickupConfirmed',
      stateLabel: 'Pickup address confirmed',
      listingRefnum,
      itemZip: '10001',
      donorEmail: donor.email,
      recipientEmail: charity.email,
      overdue: false,
      contactedAt: null,
      contactNotes: [],
      actions: ['pickUp', 'cancel'],
      ageDays: 0,
      pickupAddress: expect.objectContaining({ zip: '10001' }),
    });
    expect(row?.contactBy).not.toBeNull();
    expect(row?.history.map((h) => `${h.event}:${h.state}`)).toEqual([
      'request:requested',
      'confirmPickup:pickupConfirmed',
    ]);
    expect((await record(donationOrderId, limited.token)).id).toBe(donationOrderId);
    expect((await consoleCall('GET', '/svc/admin/donations', stranger.token)).statusCode).toBe(403);
    expect((await consoleCall('GET', `/svc/admin/donations/${donationOrderId}`, stranger.token)).statusCode).toBe(403);
    expect((await consoleCall('GET', '/svc/admin/donations')).statusCode).toBe(401);
  });

  it('is counted on the console home while open (requested, confirmed or picked up)', async () => {
    const open = async () =>
      json<{ data: { donationsOpen: number | null } }>(await consoleCall('GET', '/svc/admin/dashboard', limited.token))
        .data.donationsOpen;
    const before = await open();
    expect(before).not.toBeNull();
    const listingRefnum = await donationListing(t, donor.token, 'Counted mittens');
    await requested(t, charity, listingRefnum);
    expect(await open()).toBe((before ?? 0) + 1);
  });

  it('filters by state and by text', async () => {
    const listingRefnum = await donationListing(t, donor.token, 'Filtered jumper');
    const { donationOrderId } = await requested(t, charity, listingRefnum);
    const requestedOnes = await list({ state: 'requested' });
    expect(requestedOnes.map((r) => r.id)).toContain(donationOrderId);
    expect(requestedOnes.every((r) => r.state === 'requested')).toBe(true);
    expect((await list({ state: 'received' })).map((r) => r.id)).not.toContain(donationOrderId);
    expect((await list({ q: 'Filtered jumper' })).map((r) => r.id)).toEqual([donationOrderId]);
  });
});

describe('processing a donation', () => {
  it('is refused to the limited admin (403) while they read it (200)', async () => {
    const { donationOrderId } = await confirmedDonation('Denim jacket');
    const refused = await change(donationOrderId, { event: 'pickUp' }, limited.token);
    expect(refused.statusCode).toBe(403);
    expect((await change(donationOrderId, { contactNote: 'Called' }, limited.token)).statusCode).toBe(403);
    expect((await consoleCall('GET', `/svc/admin/donations/${donationOrderId}`, limited.token)).statusCode).toBe(200);
    expect(await record(donationOrderId)).toMatchObject({ state: 'pickupConfirmed', contactNotes: [] });
    expect(await auditOf(donationOrderId)).toEqual([]);
  });

  it('keeps a contact note with the admin, and audit-logs it', async () => {
    const { donationOrderId } = await confirmedDonation('Leather boots');
    const res = await change(donationOrderId, { contactNote: 'Called the donor: pickup on Tuesday.' });
    expect(res.statusCode, res.body).toBe(200);
    const after = json<AdminDonationRecord>(res);
    expect(after.contactNotes).toEqual([
      { note: 'Called the donor: pickup on Tuesday.', by: admin.email, at: expect.any(String) },
    ]);
    expect(after.contactedAt).not.toBeNull();
    expect(after.state).toBe('pickupConfirmed');
    const [entry] = await auditOf(donationOrderId);
    expect(entry).toMatchObject({ action: 'update' });
    expect((entry?.before as AdminDonationRecord | undefined)?.contactNotes).toEqual([]);
    expect((entry?.after as AdminDonationRecord | undefined)?.contactNotes).toHaveLength(1);
  });

  it('takes the status changes with their effects: picked up, then received, Donated and the receipt', async () => {
    const { donationOrderId, listingRefnum } = await confirmedDonation('Winter parka');
    const picked = await change(donationOrderId, { event: 'pickUp', contactNote: 'Collected by our driver.' });
    expect(picked.statusCode, picked.body).toBe(200);
    expect(json<AdminDonationRecord>(picked)).toMatchObject({ state: 'pickedUp', actions: ['receive'] });
    const received = await change(donationOrderId, { event: 'receive' });
    expect(received.statusCode, received.body).toBe(200);
    expect(json<AdminDonationRecord>(received).history.at(-1)).toMatchObject({ event: 'receive', by: admin.email });
    const [listing] = await t.database.db
      .select({ state: listings.state })
      .from(listings)
      .where(eq(listings.refnum, listingRefnum));
    expect(listing?.state).toBe('donated');
    expect((await outbox(t, donor.email)).map((m) => m.subject)).toContain(
      'Your Yardly donation receipt: Winter parka',
    );
    expect((await donationOf(t, charity.token, listingRefnum)).body.data.state).toBe('received');
    expect(await auditOf(donationOrderId)).toHaveLength(2);
  });

  it('refuses a change the state does not allow, and one that says nothing, writing nothing', async () => {
    const listingRefnum = await donationListing(t, donor.token, 'Snow boots');
    const { donationOrderId } = await requested(t, charity, listingRefnum);
    const early = await change(donationOrderId, { event: 'receive', contactNote: 'Too early' });
    expect(early.statusCode).toBe(409);
    expect(json<{ msg: string }>(early).msg).toBe('This donation is still waiting for the donor');
    expect((await change(donationOrderId, {})).statusCode).toBe(400);
    expect((await change(donationOrderId, { event: 'confirmPickup' })).statusCode).toBe(400);
    expect((await record(donationOrderId)).contactNotes).toEqual([]);
    expect(await auditOf(donationOrderId)).toEqual([]);
    expect((await change('G0000000000Z', { contactNote: 'Nobody' })).statusCode).toBe(404);
  });
});

describe('overdue donations', () => {
  it('are marked once three business days pass with no contact, until a representative writes a note', async () => {
    const { donationOrderId } = await confirmedDonation('Overdue raincoat');
    expect((await list({ overdue: true })).map((r) => r.id)).not.toContain(donationOrderId);
    await advanceSignedIn(t, 8 * 24 * 60, [donor, charity, admin, limited, stranger]);
    const late = await record(donationOrderId);
    expect(late).toMatchObject({ overdue: true, ageDays: 8 });
    expect((await list({ overdue: true })).map((r) => r.id)).toContain(donationOrderId);
    expect((await list({ overdue: false })).map((r) => r.id)).not.toContain(donationOrderId);

    expect((await change(donationOrderId, { contactNote: 'Reached the donor at last.' })).statusCode).toBe(200);
    expect((await record(donationOrderId)).overdue).toBe(false);
    expect((await list({ overdue: true })).map((r) => r.id)).not.toContain(donationOrderId);
  });
});

describe('charities', () => {
  it("are organisations the console marks as kind 'charity': their verified members may then request donations", async () => {
    const company = await organisation(t, { kind: 'company' });
    const member = await memberOf(t, company.domain, 'soon-charity');
    const listingRefnum = await donationListing(t, donor.token, 'Kitchen table books');
    expect((await placeDonation(t, member.token, listingRefnum)).status).toBe(403);

    const [org] = await t.database.db.select().from(organizations).where(eq(organizations.name, company.name));
    const res = await t.app.inject({
      method: 'PUT',
      url: `/svc/admin/organizations/${org?.refnum}`,
      payload: { name: company.name, status: 'VERIFIED', isB2B: false, kind: 'charity' },
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ kind: string }>(res).kind).toBe('charity');
    expect((await placeDonation(t, member.token, listingRefnum)).status).toBe(200);
  });
});
