import type { LoginData, OrganizationRecord } from '@yardly/shared/contract';
import { notices } from '@yardly/shared/rules';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offers, organizations, transitions, users } from '../src/db/schema/index';
import { json, runDueJobs, startTestApp, type TestApp } from './harness';
import { freshAddress, freshEmail, lastCode, postFrom, signedUp, userIdOf } from './identity-helpers';
import {
  admin,
  b2bOrganisation,
  memberOf,
  organisationListing,
  TAKES_OFFERS,
  type TestOrganisation,
  updateOrganisation,
  verifyWorkEmail,
} from './marketplace-helpers';
import { notificationsOf } from './notification-helpers';
import { makeOffer, type OfferSummary } from './offer-helpers';
import { withRoles } from './role-helpers';
import { transitionLog } from './transition-helpers';

/*
 * An organisation's verification is the organisation process (ADR 0070): each change an admin
 * makes in the console is one transition with its row in `transitions`, refused with 409 and the
 * table's reason when the table does not allow it, refused to anyone but an admin; the record
 * carries the events an admin may take; the organisation marketplace follows by subscription.
 */

let t: TestApp;
let moderator: LoginData;
beforeAll(async () => {
  t = await startTestApp();
  moderator = await admin(t);
});
afterAll(() => t.close());

/** The organisation's log, oldest first. */
const logOf = (organisation: { id: number }) => transitionLog(t, 'organisation', organisation.id);

async function statusOf(organisation: { id: number }) {
  const [row] = await t.database.db
    .select({ status: organizations.status })
    .from(organizations)
    .where(eq(organizations.id, organisation.id));
  return row?.status;
}

/** A console button's request: the record as it is, naming the event. */
async function takeEvent(by: LoginData, organisation: TestOrganisation, event: string) {
  const [row] = await t.database.db.select().from(organizations).where(eq(organizations.id, organisation.id));
  if (!row) throw new Error('no organisation');
  const res = await t.app.inject({
    method: 'PUT',
    url: `/svc/admin/organizations/${organisation.refnum}`,
    payload: { name: row.name, status: row.status, isB2B: row.isB2B, kind: row.kind, event },
    headers: { authorization: `Bearer ${by.token}` },
  });
  return { status: res.statusCode, body: json<Record<string, unknown>>(res) };
}

async function notificationTexts(person: LoginData): Promise<string[]> {
  return (await notificationsOf(t, person.token)).items.map((n) => n.text);
}

describe("an admin's verification change", () => {
  it('is one transition with its log row; the record answers the events the table allows next', async () => {
    const acme = await b2bOrganisation(t, { status: 'IN_REVIEW', isB2B: false });
    const member = await memberOf(t, acme);

    const verified = await updateOrganisation(t, moderator, acme, { status: 'VERIFIED' });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body).toMatchObject({ status: 'VERIFIED', actions: ['reject', 'review'] });
    expect(await logOf(acme)).toEqual([
      { event: 'verify', from: 'IN_REVIEW', to: 'VERIFIED', role: 'admin', actorId: await userIdOf(t, moderator) },
    ]);
    expect(await notificationTexts(member)).toContain(notices.organisationStatus(acme.name, 'VERIFIED'));

    // A console button names its event: sent back to review, a second row.
    const reviewed = await takeEvent(moderator, acme, 'review');
    expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(200);
    expect(reviewed.body).toMatchObject({ status: 'IN_REVIEW', actions: ['verify', 'reject'] });
    expect((await logOf(acme)).map((step) => step.event)).toEqual(['verify', 'review']);
    expect(await notificationTexts(member)).toContain(notices.organisationStatus(acme.name, 'IN_REVIEW'));
  });

  it('leaves the log alone when the status stays (a rename)', async () => {
    const acme = await b2bOrganisation(t);
    const renamed = `${acme.name} Group`;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/svc/admin/organizations/${acme.refnum}`,
      payload: { name: renamed, status: 'VERIFIED', isB2B: true, kind: 'company' },
      headers: { authorization: `Bearer ${moderator.token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<OrganizationRecord>(res)).toMatchObject({ name: renamed, status: 'VERIFIED' });
    expect(await logOf(acme)).toEqual([]);
  });

  it('refuses what the table does not allow with 409 and its reason, changing nothing', async () => {
    const acme = await b2bOrganisation(t);
    const again = await takeEvent(moderator, acme, 'verify');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ msg: 'This organisation is already verified', error: 'already_verified' });
    const rejected = await b2bOrganisation(t, { status: 'REJECTED', isB2B: false });
    const rejectAgain = await takeEvent(moderator, rejected, 'reject');
    expect(rejectAgain.status).toBe(409);
    expect(rejectAgain.body).toMatchObject({ msg: 'This organisation is already rejected', error: 'already_rejected' });
    expect(await statusOf(acme)).toBe('VERIFIED');
    expect(await logOf(acme)).toEqual([]);
    expect(await logOf(rejected)).toEqual([]);
  });

  it('is refused to anyone but an admin (403), changing nothing', async () => {
    const acme = await b2bOrganisation(t, { status: 'IN_REVIEW', isB2B: false });
    const person = await signedUp(t, freshEmail('person'));
    const limited = await withRoles(t, await signedUp(t, freshEmail('limited')), ['ROLE_USER', 'ROLE_LIMITED_ADMIN']);
    for (const who of [person, limited]) {
      expect((await takeEvent(who, acme, 'verify')).status).toBe(403);
      expect((await updateOrganisation(t, who, acme, { status: 'VERIFIED' })).status).toBe(403);
    }
    expect(await statusOf(acme)).toBe('IN_REVIEW');
    expect(await logOf(acme)).toEqual([]);
  });
});

describe('registering an organisation', () => {
  it('from a confirmed work email of a new domain: by the platform, in review', async () => {
    const person = await signedUp(t, freshEmail('founder'));
    const domain = `newco${Math.random().toString(36).slice(2, 8)}.com`;
    await verifyWorkEmail(t, person, `founder@${domain}`);
    const [org] = await t.database.db
      .select({ id: organizations.id, status: organizations.status })
      .from(organizations)
      .innerJoin(users, eq(users.organizationId, organizations.id))
      .where(eq(users.refnum, person.userRefnum));
    expect(org?.status).toBe('IN_REVIEW');
    expect(await logOf(org as { id: number })).toEqual([
      { event: 'register', from: null, to: 'IN_REVIEW', role: 'system', actorId: null },
    ]);
  });

  it('once, when two colleagues of a new domain confirm at the same time: one organisation, one register row', async () => {
    const domain = `pair${Math.random().toString(36).slice(2, 8)}.com`;
    const people = await Promise.all(['ann', 'bob'].map((who) => signedUp(t, freshEmail(who))));
    const codes = [];
    for (const [i, person] of people.entries()) {
      const workEmail = `colleague${i}@${domain}`;
      const headers = { authorization: `Bearer ${person.token}` };
      const sent = await postFrom(t, freshAddress(), '/svc/users/verify-profession', { workEmail }, headers);
      expect(sent.statusCode, sent.body).toBe(200);
      codes.push({ workEmail, headers, code: await lastCode(t, workEmail) });
    }
    const confirmed = await Promise.all(
      codes.map(({ workEmail, headers, code }) =>
        postFrom(t, freshAddress(), '/svc/users/verify-profession-code', { workEmail, code }, headers),
      ),
    );
    for (const res of confirmed) expect(res.statusCode, res.body).toBe(200);
    const joined = await t.database.db
      .select({ organizationId: users.organizationId })
      .from(users)
      .where(
        inArray(
          users.refnum,
          people.map((p) => p.userRefnum),
        ),
      );
    const ids = new Set(joined.map((j) => j.organizationId));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    expect((await logOf({ id: id as number })).map((step) => step.event)).toEqual(['register']);
    // No register row is left of an organisation that is gone.
    const orphans = await t.database.db
      .select({ id: transitions.id })
      .from(transitions)
      .leftJoin(organizations, eq(organizations.id, transitions.subjectId))
      .where(and(eq(transitions.process, 'organisation'), isNull(organizations.id)));
    expect(orphans).toEqual([]);
  });

  it('from the console: by the admin, then the event to the status the form chose', async () => {
    const name = `Console Co ${Math.random().toString(36).slice(2, 7)}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/svc/admin/organizations',
      payload: { name, status: 'VERIFIED', isB2B: false, kind: 'company' },
      headers: { authorization: `Bearer ${moderator.token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<OrganizationRecord>(res)).toMatchObject({ name, status: 'VERIFIED', actions: ['reject', 'review'] });
    const [org] = await t.database.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.name, name));
    const by = await userIdOf(t, moderator);
    expect(await logOf(org as { id: number })).toEqual([
      { event: 'register', from: null, to: 'IN_REVIEW', role: 'admin', actorId: by },
      { event: 'verify', from: 'IN_REVIEW', to: 'VERIFIED', role: 'admin', actorId: by },
    ]);
  });
});

/** A B2B organisation's open offer between two members, the jobs their joining queued already run. */
async function openOffer(acme: TestOrganisation, title: string) {
  const seller = await memberOf(t, acme, 'seller');
  const buyer = await memberOf(t, acme, 'buyer');
  const item = await organisationListing(t, seller, acme, title, TAKES_OFFERS);
  const made = await makeOffer(t, buyer.token, item, 1500);
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const offerRefnum = (made.body.data as OfferSummary).offerRefnum;
  const state = async () => {
    const [offer] = await t.database.db
      .select({ state: offers.state })
      .from(offers)
      .where(eq(offers.refnum, offerRefnum));
    return offer?.state;
  };
  // The jobs the members' joining queued run first: only the change's own reaction is left to cancel it.
  await runDueJobs(t);
  expect(await state()).toBe('pending');
  return state;
}

describe('the organisation marketplace follows', () => {
  it('the verification: a B2B organisation back to review closes, its open offers cancelled', async () => {
    const acme = await b2bOrganisation(t);
    const offerState = await openOffer(acme, 'Desk fan');
    expect((await takeEvent(moderator, acme, 'review')).status).toBe(200);
    await runDueJobs(t);
    expect(await offerState()).toBe('cancelled');
  });

  it('the B2B flag (no transition): taken off a VERIFIED one, its open offers are cancelled', async () => {
    const acme = await b2bOrganisation(t);
    const offerState = await openOffer(acme, 'Desk lamp');
    expect((await updateOrganisation(t, moderator, acme, { isB2B: false })).status).toBe(200);
    expect(await logOf(acme)).toEqual([]);
    await runDueJobs(t);
    expect(await offerState()).toBe('cancelled');
  });
});
