import type { AdminRentalRecord, LoginData, RentalPropertyRecord, RentalReportRecord } from '@yardly/shared/contract';
import {
  notices,
  type RentalState,
  rentalConsoleMessages,
  rentalRefusalMessage,
  reportConsoleMessages,
} from '@yardly/shared/rules';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRefnum } from '../src/db/refnum';
import {
  auditLog,
  notifications,
  rentalPhotos,
  rentalProperties,
  rentalReports,
  rentals,
  transitions,
} from '../src/db/schema/index';
import { insertSeller } from './fixtures';
import { json, startTestApp, type TestApp } from './harness';
import { userIdOf } from './identity-helpers';
import { signedUpPeople } from './role-helpers';
import { transitionLog } from './transition-helpers';

/*
 * The console's rentals (issue 20 §4): the rental listings with their moderation, the rental
 * report queue and the rental form's attribute lists, ROLE_ADMIN's alone. Rentals are inserted
 * directly: the landlord's create call is another part of the issue.
 */

let t: TestApp;
let admin: LoginData;
let limited: LoginData;
let person: LoginData;
let adminId: number;
let personId: number;

function call(method: string, url: string, token?: string, payload?: unknown) {
  return t.app.inject({
    method: method as 'GET',
    url,
    payload: payload as object | undefined,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** react-admin's list query: each parameter as JSON. */
const q = (params: Record<string, unknown>) =>
  `?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, JSON.stringify(v)])).toString()}`;

/** A rental as a landlord's create would leave it; `available` ones have been listed. */
async function insertRental(
  landlordId: number,
  values: Partial<typeof rentals.$inferInsert> & { title: string; state?: RentalState },
) {
  const listed = values.state === undefined || values.state !== 'draft';
  const [row] = await t.database.db
    .insert(rentals)
    .values({
      refnum: newRefnum('rental'),
      landlordId,
      description: 'Bright and quiet, near the park.',
      propertyType: 'apartment',
      bedrooms: 2,
      bathrooms: 1.5,
      squareFeet: 850,
      rentCents: 210_000,
      depositCents: 210_000,
      availableFrom: '2026-09-01',
      leaseMonths: 12,
      parking: 'street',
      laundry: 'in_unit',
      line1: '12 Hidden Street',
      city: 'New York',
      region: 'NY',
      zip: '10001',
      showStreet: false,
      state: 'available',
      listedAt: listed ? new Date() : null,
      ...values,
    })
    .returning();
  if (!row) throw new Error('no rental');
  return row;
}

async function insertReport(rentalId: number, reporterId: number, reason: 'scam' | 'offensive' = 'scam') {
  const [row] = await t.database.db
    .insert(rentalReports)
    .values({ rentalId, reporterId, reason, details: 'Asks for a wire transfer before a viewing' })
    .returning();
  if (!row) throw new Error('no report');
  return row;
}

async function stateOf(rentalId: number) {
  const [row] = await t.database.db.select({ state: rentals.state }).from(rentals).where(eq(rentals.id, rentalId));
  return row?.state;
}

beforeAll(async () => {
  t = await startTestApp();
  ({ admin, limited, person } = await signedUpPeople(t, 'admin', 'limited', 'person'));
  adminId = await userIdOf(t, admin);
  personId = await userIdOf(t, person);
});
afterAll(() => t?.close());

describe("the console home's rental figures", () => {
  it('counts the places on the market and the open rental reports', async () => {
    const figures = async () =>
      json<{ data: { rentalsAvailable: number; openRentalReports: number } }>(
        await call('GET', '/svc/admin/dashboard', admin.token),
      ).data;
    const before = await figures();
    const landlord = await insertSeller(t.database.db);
    const listed = await insertRental(landlord.id, { title: 'Counted flat' });
    await insertRental(landlord.id, { title: 'Rented flat', state: 'rented' });
    await insertReport(listed.id, personId);
    expect(await figures()).toMatchObject({
      rentalsAvailable: before.rentalsAvailable + 1,
      openRentalReports: before.openRentalReports + 1,
    });
  });
});

describe('who may open the console rentals', () => {
  it('refuses a guest (401), a plain user and the limited admin (403) every verb of the three resources', async () => {
    const landlord = await insertSeller(t.database.db);
    const rental = await insertRental(landlord.id, { title: 'Refusal flat' });
    const report = await insertReport(rental.id, personId);
    const [property] = await t.database.db.select().from(rentalProperties).limit(1);
    const requests: [string, string, unknown?][] = [
      ['GET', '/svc/admin/rentals'],
      ['GET', `/svc/admin/rentals/${rental.refnum}`],
      ['PUT', `/svc/admin/rentals/${rental.refnum}`, { event: 'deactivate' }],
      ['GET', '/svc/admin/rental-reports'],
      ['GET', `/svc/admin/rental-reports/${report.id}`],
      ['PUT', `/svc/admin/rental-reports/${report.id}`, { status: 'listing_removed' }],
      ['GET', '/svc/admin/rental-properties'],
      ['GET', `/svc/admin/rental-properties/${property?.id}`],
      ['POST', '/svc/admin/rental-properties', { kind: 'parking', value: 'valet', label: 'Valet', position: 9 }],
      ['PUT', `/svc/admin/rental-properties/${property?.id}`, { ...property, label: 'Changed' }],
      ['DELETE', `/svc/admin/rental-properties/${property?.id}`],
    ];
    const seen: string[] = [];
    for (const [method, url, payload] of requests) {
      for (const [who, token] of [
        ['guest', undefined],
        ['user', person.token],
        ['limited admin', limited.token],
      ] as const) {
        const res = await call(method, url, token, payload);
        seen.push(`${who} ${method} ${url} → ${res.statusCode} ${json(res).msg}`);
      }
    }
    const expected = requests.flatMap(([method, url]) => [
      `guest ${method} ${url} → 401 Please log in to continue`,
      `user ${method} ${url} → 403 Your role does not allow this`,
      `limited admin ${method} ${url} → 403 Your role does not allow this`,
    ]);
    expect(seen).toEqual(expected);
    // Nothing moved.
    expect(await stateOf(rental.id)).toBe('available');
    const [still] = await t.database.db.select().from(rentalReports).where(eq(rentalReports.id, report.id));
    expect(still?.status).toBe('open');
    expect(await t.database.db.select().from(rentalProperties).where(eq(rentalProperties.value, 'valet'))).toEqual([]);
  });
});

describe('the rental listings', () => {
  let landlord: Awaited<ReturnType<typeof insertSeller>>;
  let other: Awaited<ReturnType<typeof insertSeller>>;
  let sunny: typeof rentals.$inferSelect;
  let studio: typeof rentals.$inferSelect;
  let loft: typeof rentals.$inferSelect;

  beforeAll(async () => {
    landlord = await insertSeller(t.database.db);
    other = await insertSeller(t.database.db);
    const hour = 3_600_000;
    sunny = await insertRental(landlord.id, {
      title: 'Sunny two-bedroom qx7',
      listedAt: new Date(Date.now() - 3 * hour),
    });
    studio = await insertRental(landlord.id, {
      title: 'Garden studio qx7',
      bedrooms: 0,
      zip: '60601',
      city: 'Chicago',
      region: 'IL',
      state: 'rented',
      listedAt: new Date(Date.now() - 2 * hour),
    });
    loft = await insertRental(other.id, {
      title: 'Corner loft qx7',
      state: 'paused',
      listedAt: new Date(Date.now() - hour),
    });
    await t.database.db.insert(rentalPhotos).values([
      { rentalId: sunny.id, picno: 2, path: 'rentals/sunny-2.jpg', width: 800, height: 600 },
      { rentalId: sunny.id, picno: 1, path: 'rentals/sunny-1.jpg', width: 800, height: 600 },
    ]);
  });

  const list = async (params: Record<string, unknown>) => {
    const res = await call('GET', `/svc/admin/rentals${q(params)}`, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    return { rows: json<AdminRentalRecord[]>(res), range: res.headers['content-range'] };
  };

  it('finds rentals by title text, state, zip and landlord (email or refnum), newest listed first, paged', async () => {
    const byText = await list({ filter: { q: 'qx7' }, sort: ['listedAt', 'DESC'], range: [0, 24] });
    expect(byText.rows.map((r) => r.title)).toEqual(['Corner loft qx7', 'Garden studio qx7', 'Sunny two-bedroom qx7']);
    expect(byText.range).toBe('rentals 0-2/3');

    const firstPage = await list({ filter: { q: 'qx7' }, sort: ['listedAt', 'ASC'], range: [0, 1] });
    expect(firstPage.rows.map((r) => r.title)).toEqual(['Sunny two-bedroom qx7', 'Garden studio qx7']);
    expect(firstPage.range).toBe('rentals 0-1/3');
    const secondPage = await list({ filter: { q: 'qx7' }, sort: ['listedAt', 'ASC'], range: [2, 3] });
    expect(secondPage.rows.map((r) => r.title)).toEqual(['Corner loft qx7']);
    expect(secondPage.range).toBe('rentals 2-2/3');

    expect((await list({ filter: { q: 'qx7', state: 'rented' } })).rows.map((r) => r.id)).toEqual([studio.refnum]);
    expect((await list({ filter: { q: 'qx7', zip: '60601' } })).rows.map((r) => r.id)).toEqual([studio.refnum]);
    const byEmail = await list({ filter: { landlord: other.email.toUpperCase() } });
    expect(byEmail.rows.map((r) => r.id)).toEqual([loft.refnum]);
    const byRefnum = await list({ filter: { landlord: landlord.refnum }, sort: ['listedAt', 'DESC'] });
    expect(byRefnum.rows.map((r) => r.id)).toEqual([studio.refnum, sunny.refnum]);
    expect((await list({ filter: { q: 'no such title qx7' } })).rows).toEqual([]);
  });

  it('refuses a sort the list does not have with a 400', async () => {
    const res = await call('GET', `/svc/admin/rentals${q({ sort: ['line1', 'ASC'] })}`, admin.token);
    expect(res.statusCode).toBe(400);
    expect(json(res).msg).toBe('This list cannot be sorted by line1');
  });

  it('shows every fact, the hidden street line too, the photos in order and the landlord', async () => {
    const res = await call('GET', `/svc/admin/rentals/${sunny.refnum}`, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const record = json<AdminRentalRecord>(res);
    expect(record).toMatchObject({
      id: sunny.refnum,
      title: 'Sunny two-bedroom qx7',
      state: 'available',
      stateLabel: 'Available',
      bedrooms: 2,
      bathrooms: 1.5,
      squareFeet: 850,
      rentCents: 210_000,
      depositCents: 210_000,
      availableFrom: '2026-09-01',
      leaseMonths: 12,
      parking: 'street',
      laundry: 'in_unit',
      line1: '12 Hidden Street',
      showStreet: false,
      city: 'New York',
      region: 'NY',
      zip: '10001',
      landlordId: landlord.refnum,
      landlordEmail: landlord.email,
      landlordName: 'Dana Seller',
      openReports: 0,
      history: [],
    });
    expect(record.photos.map((p) => p.src)).toEqual([
      expect.stringContaining('sunny-1.jpg'),
      expect.stringContaining('sunny-2.jpg'),
    ]);
    expect((await call('GET', '/svc/admin/rentals/P00000000000', admin.token)).statusCode).toBe(404);
    expect((await call('GET', '/svc/admin/rentals/not-a-refnum', admin.token)).statusCode).toBe(404);
  });

  it('takes Deactivate, Activate, Remove and Restore through the rental process, each in the history and the audit log', async () => {
    const rental = await insertRental(landlord.id, { title: 'Moderated maisonette' });
    const steps: [string, RentalState][] = [
      ['deactivate', 'paused'],
      ['activate', 'available'],
      ['remove', 'deleted'],
      ['restore', 'paused'],
    ];
    for (const [event, state] of steps) {
      const res = await call('PUT', `/svc/admin/rentals/${rental.refnum}`, admin.token, { event });
      expect(res.statusCode, res.body).toBe(200);
      expect(json<AdminRentalRecord>(res).state).toBe(state);
      // What the rental table allows an admin next: the console's buttons.
      expect(json<AdminRentalRecord>(res).actions).toEqual(
        { paused: ['activate', 'remove'], available: ['deactivate', 'remove'], deleted: ['restore'] }[state as string],
      );
      expect(await stateOf(rental.id)).toBe(state);
    }
    const shown = json<AdminRentalRecord>(await call('GET', `/svc/admin/rentals/${rental.refnum}`, admin.token));
    expect(shown.history.map(({ event, status, by }) => ({ event, status, by }))).toEqual(
      steps.map(([event, status]) => ({ event, status, by: admin.email })),
    );
    const logged = await transitionLog(t, 'rental', rental.id);
    expect(logged.map((row) => [row.event, row.role, row.actorId])).toEqual(
      steps.map(([event]) => [event, 'admin', adminId]),
    );
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'rentals'), eq(auditLog.recordId, rental.refnum)))
      .orderBy(auditLog.id);
    expect(
      audit.map((entry) => [
        entry.action,
        entry.actorId,
        (entry.before as AdminRentalRecord).state,
        (entry.after as AdminRentalRecord).state,
      ]),
    ).toEqual([
      ['update', adminId, 'available', 'paused'],
      ['update', adminId, 'paused', 'available'],
      ['update', adminId, 'available', 'deleted'],
      ['update', adminId, 'deleted', 'paused'],
    ]);
  });

  it('answers 409 in the envelope when the process refuses, changing nothing and logging nothing', async () => {
    const rental = await insertRental(landlord.id, { title: 'Already on the market' });
    const refused = await call('PUT', `/svc/admin/rentals/${rental.refnum}`, admin.token, { event: 'activate' });
    expect(refused.statusCode).toBe(409);
    expect(json(refused)).toMatchObject({
      code: 409,
      msg: rentalRefusalMessage('activate', 'is_available'),
      error: 'is_available',
    });
    expect(json(refused).msg).toBe('This place is already available');
    const restore = await call('PUT', `/svc/admin/rentals/${rental.refnum}`, admin.token, { event: 'restore' });
    expect(restore.statusCode).toBe(409);
    expect(await stateOf(rental.id)).toBe('available');
    expect(
      await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.resource, 'rentals'), eq(auditLog.recordId, rental.refnum))),
    ).toEqual([]);
    expect(await transitionLog(t, 'rental', rental.id)).toEqual([]);
  });

  it("refuses a landlord's own events and unknown events with a 400, before touching the rental", async () => {
    const rental = await insertRental(landlord.id, { title: 'Landlord events only' });
    for (const event of ['markRented', 'delete', 'relist', 'publish', 'explode']) {
      const res = await call('PUT', `/svc/admin/rentals/${rental.refnum}`, admin.token, { event });
      expect(res.statusCode, event).toBe(400);
      expect(json<{ errors: { field: string }[] }>(res).errors[0]?.field).toBe('event');
    }
    expect(await stateOf(rental.id)).toBe('available');
    const missing = await call('PUT', '/svc/admin/rentals/P00000000000', admin.token, { event: 'deactivate' });
    expect(missing.statusCode).toBe(404);
  });

  it('leaves one winner when two moderators press Deactivate at once; the other gets a 409', async () => {
    const rental = await insertRental(landlord.id, { title: 'Pressed twice' });
    const [a, b] = await Promise.all([
      call('PUT', `/svc/admin/rentals/${rental.refnum}`, admin.token, { event: 'deactivate' }),
      call('PUT', `/svc/admin/rentals/${rental.refnum}`, admin.token, { event: 'deactivate' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(json(loser).msg).toBe('This listing is deactivated');
    const logged = await t.database.db
      .select()
      .from(transitions)
      .where(and(eq(transitions.process, 'rental'), eq(transitions.subjectId, rental.id)));
    expect(logged).toHaveLength(1);
  });
});

describe('the rental report queue', () => {
  it('lists open reports first, shows one, resolves by removing the rental and tells the reporter; twice is a 409', async () => {
    const landlord = await insertSeller(t.database.db);
    const rental = await insertRental(landlord.id, { title: 'Too good to be true' });
    const calm = await insertRental(landlord.id, { title: 'Quite ordinary' });
    const reporter2 = await insertSeller(t.database.db);
    const report = await insertReport(rental.id, personId);
    const second = await insertReport(rental.id, reporter2.id, 'offensive');
    const harmless = await insertReport(calm.id, personId, 'offensive');

    const open = await call(
      'GET',
      `/svc/admin/rental-reports${q({ filter: { status: 'open', rentalId: rental.refnum }, sort: ['createdAt', 'ASC'] })}`,
      admin.token,
    );
    expect(open.statusCode, open.body).toBe(200);
    expect(open.headers['content-range']).toBe('rental-reports 0-1/2');
    expect(json<RentalReportRecord[]>(open).map((r) => r.id)).toEqual([report.id, second.id]);

    const shown = json<RentalReportRecord>(await call('GET', `/svc/admin/rental-reports/${report.id}`, admin.token));
    expect(shown).toMatchObject({
      id: report.id,
      rentalId: rental.refnum,
      rentalTitle: 'Too good to be true',
      rentalState: 'available',
      landlordEmail: landlord.email,
      reporterId: person.userRefnum,
      reporterEmail: person.email,
      reason: 'scam',
      status: 'open',
      actions: ['removeListing', 'dismiss'],
      resolvedAt: null,
    });
    const listed = json<AdminRentalRecord>(await call('GET', `/svc/admin/rentals/${rental.refnum}`, admin.token));
    expect(listed.openReports).toBe(2);

    const resolved = await call('PUT', `/svc/admin/rental-reports/${report.id}`, admin.token, {
      status: 'listing_removed',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(json<RentalReportRecord>(resolved)).toMatchObject({
      status: 'listing_removed',
      rentalState: 'deleted',
      actions: [],
    });
    expect(await stateOf(rental.id)).toBe('deleted');
    const [removal] = await t.database.db
      .select()
      .from(transitions)
      .where(and(eq(transitions.process, 'rental'), eq(transitions.subjectId, rental.id)));
    expect(removal).toMatchObject({ event: 'remove', fromState: 'available', toState: 'deleted', actorRole: 'admin' });
    const [told] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, personId))
      .orderBy(desc(notifications.id))
      .limit(1);
    expect(told).toMatchObject({ text: notices.reportResolved('Too good to be true', true), section: 'rentals' });

    const again = await call('PUT', `/svc/admin/rental-reports/${report.id}`, admin.token, { status: 'no_action' });
    expect(again.statusCode).toBe(409);
    expect(json(again).msg).toBe(reportConsoleMessages.reportAlreadyResolved);

    // The other report on the removed rental: upholding it too is no second removal.
    const alsoUpheld = await call('PUT', `/svc/admin/rental-reports/${second.id}`, admin.token, {
      status: 'listing_removed',
    });
    expect(alsoUpheld.statusCode, alsoUpheld.body).toBe(200);
    expect(
      await t.database.db
        .select()
        .from(transitions)
        .where(and(eq(transitions.process, 'rental'), eq(transitions.subjectId, rental.id))),
    ).toHaveLength(1);

    const noAction = await call('PUT', `/svc/admin/rental-reports/${harmless.id}`, admin.token, {
      status: 'no_action',
    });
    expect(noAction.statusCode).toBe(200);
    expect(await stateOf(calm.id)).toBe('available');
    const [toldAgain] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, personId))
      .orderBy(desc(notifications.id))
      .limit(1);
    expect(toldAgain?.text).toBe(notices.reportResolved('Quite ordinary', false));

    // Open ones come first when the queue is sorted by status.
    const queue = json<RentalReportRecord[]>(
      await call(
        'GET',
        `/svc/admin/rental-reports${q({ filter: { rentalId: rental.refnum }, sort: ['status', 'ASC'] })}`,
        admin.token,
      ),
    );
    expect(queue.every((r) => r.status !== 'open')).toBe(true);
    const resolvedOnly = await call(
      'GET',
      `/svc/admin/rental-reports${q({ filter: { status: 'resolved' } })}`,
      admin.token,
    );
    expect(json<RentalReportRecord[]>(resolvedOnly).map((r) => r.id)).toEqual(
      expect.arrayContaining([report.id, second.id, harmless.id]),
    );
  });

  it('refuses a resolution that is not one of the two with a 400', async () => {
    const landlord = await insertSeller(t.database.db);
    const rental = await insertRental(landlord.id, { title: 'Odd resolution' });
    const report = await insertReport(rental.id, personId);
    const res = await call('PUT', `/svc/admin/rental-reports/${report.id}`, admin.token, { status: 'open' });
    expect(res.statusCode).toBe(400);
    expect(await stateOf(rental.id)).toBe('available');
  });
});

describe("the rental form's attribute lists", () => {
  const create = (payload: Record<string, unknown>) =>
    call('POST', '/svc/admin/rental-properties', admin.token, payload);

  it('creates, lists by kind, edits and deletes a value', async () => {
    const made = await create({ kind: 'propertyType', value: 'houseboat', label: 'Houseboat', position: 9 });
    expect(made.statusCode, made.body).toBe(200);
    const row = json<RentalPropertyRecord>(made);
    expect(row).toMatchObject({
      kind: 'propertyType',
      value: 'houseboat',
      label: 'Houseboat',
      position: 9,
      useCount: 0,
    });

    // The rental form reads the lists as the console left them.
    const form = json<{ data: { propertyType: { value: string; label: string }[] } }>(
      await call('GET', '/rental/properties'),
    );
    expect(form.data.propertyType).toContainEqual({ value: 'houseboat', label: 'Houseboat' });

    const types = await call(
      'GET',
      `/svc/admin/rental-properties${q({ filter: { kind: 'propertyType' }, sort: ['kind', 'ASC'], range: [0, 99] })}`,
      admin.token,
    );
    expect(json<RentalPropertyRecord[]>(types).map((r) => r.value)).toEqual([
      'apartment',
      'house',
      'condo',
      'townhouse',
      'room',
      'houseboat',
    ]);

    const edited = await call('PUT', `/svc/admin/rental-properties/${row.id}`, admin.token, {
      ...row,
      label: 'House boat',
      position: 5,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(json<RentalPropertyRecord>(edited)).toMatchObject({ label: 'House boat', position: 5 });

    const gone = await call('DELETE', `/svc/admin/rental-properties/${row.id}`, admin.token);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(json<RentalPropertyRecord>(gone).value).toBe('houseboat');
    expect((await call('GET', `/svc/admin/rental-properties/${row.id}`, admin.token)).statusCode).toBe(404);
    const audit = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'rental-properties'), eq(auditLog.recordId, String(row.id))))
      .orderBy(auditLog.id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  it('refuses a value already in its list with a 409 on the field, and a malformed value with a 400', async () => {
    const duplicate = await create({ kind: 'parking', value: 'garage', label: 'Another garage' });
    expect(duplicate.statusCode).toBe(409);
    expect(json(duplicate)).toMatchObject({
      msg: rentalConsoleMessages.propertyValueTaken,
      errors: [{ field: 'value', message: rentalConsoleMessages.propertyValueTaken }],
    });
    // The same value in another list is another value.
    const otherList = await create({ kind: 'laundry', value: 'garage', label: 'In the garage' });
    expect(otherList.statusCode, otherList.body).toBe(200);

    const made = json<RentalPropertyRecord>(await create({ kind: 'parking', value: 'carport', label: 'Carport' }));
    const renamedOnto = await call('PUT', `/svc/admin/rental-properties/${made.id}`, admin.token, {
      ...made,
      value: 'garage',
    });
    expect(renamedOnto.statusCode).toBe(409);
    expect(json(renamedOnto).msg).toBe(rentalConsoleMessages.propertyValueTaken);

    const spaced = await create({ kind: 'parking', value: 'Two Cars', label: 'Two cars' });
    expect(spaced.statusCode).toBe(400);
    expect(json(spaced).errors).toEqual([{ field: 'value', message: rentalConsoleMessages.propertyValueInvalid }]);
    const lease = await create({ kind: 'leaseMonths', value: 'forever', label: 'Forever' });
    expect(json(lease).errors).toEqual([{ field: 'value', message: rentalConsoleMessages.leaseValueInvalid }]);
    const badKind = await create({ kind: 'colour', value: 'blue', label: 'Blue' });
    expect(badKind.statusCode).toBe(400);
    expect(json<{ errors: { field: string }[] }>(badKind).errors[0]?.field).toBe('kind');
    const leaseOk = await create({ kind: 'leaseMonths', value: '3', label: '3 months' });
    expect(leaseOk.statusCode, leaseOk.body).toBe(200);
  });

  it('refuses deleting or changing a value live rentals use, saying how many; a deleted rental does not count', async () => {
    const row = json<RentalPropertyRecord>(
      await create({ kind: 'propertyType', value: 'treehouse', label: 'Treehouse', position: 20 }),
    );
    const landlord = await insertSeller(t.database.db);
    const first = await insertRental(landlord.id, { title: 'Oak treehouse', propertyType: 'treehouse' });
    await insertRental(landlord.id, { title: 'Draft treehouse', propertyType: 'treehouse', state: 'draft' });
    await insertRental(landlord.id, { title: 'Gone treehouse', propertyType: 'treehouse', state: 'deleted' });

    const shown = json<RentalPropertyRecord>(await call('GET', `/svc/admin/rental-properties/${row.id}`, admin.token));
    expect(shown.useCount).toBe(2);
    const refused = await call('DELETE', `/svc/admin/rental-properties/${row.id}`, admin.token);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).msg).toBe(rentalConsoleMessages.propertyInUse(2));
    expect(json(refused).msg).toMatch(/^In use by 2 listings/);
    const changed = await call('PUT', `/svc/admin/rental-properties/${row.id}`, admin.token, {
      ...row,
      value: 'tree-house',
    });
    expect(changed.statusCode).toBe(409);
    expect(json(changed).msg).toBe(rentalConsoleMessages.propertyInUse(2));
    // Its label may change: the rentals keep their value.
    const relabelled = await call('PUT', `/svc/admin/rental-properties/${row.id}`, admin.token, {
      ...row,
      label: 'Tree house',
    });
    expect(relabelled.statusCode, relabelled.body).toBe(200);

    // One rental left using it (the draft deleted by its landlord): one listing.
    await t.database.db.update(rentals).set({ state: 'deleted' }).where(eq(rentals.title, 'Draft treehouse'));
    const once = await call('DELETE', `/svc/admin/rental-properties/${row.id}`, admin.token);
    expect(json(once).msg).toBe(rentalConsoleMessages.propertyInUse(1));
    expect(json(once).msg).toMatch(/^In use by 1 listing:/);

    await t.database.db.update(rentals).set({ propertyType: 'house' }).where(eq(rentals.id, first.id));
    expect((await call('DELETE', `/svc/admin/rental-properties/${row.id}`, admin.token)).statusCode).toBe(200);
  });

  it('counts a lease length by its months, and keeps at least one value in each list', async () => {
    const landlord = await insertSeller(t.database.db);
    await insertRental(landlord.id, { title: 'Long lease', leaseMonths: 24 });
    const leases = json<RentalPropertyRecord[]>(
      await call(
        'GET',
        `/svc/admin/rental-properties${q({ filter: { kind: 'leaseMonths' }, range: [0, 99] })}`,
        admin.token,
      ),
    );
    const two = leases.find((r) => r.value === '24');
    expect(two?.useCount).toBeGreaterThan(0);
    expect((await call('DELETE', `/svc/admin/rental-properties/${two?.id}`, admin.token)).statusCode).toBe(409);

    const laundry = json<RentalPropertyRecord[]>(
      await call(
        'GET',
        `/svc/admin/rental-properties${q({ filter: { kind: 'laundry' }, range: [0, 99] })}`,
        admin.token,
      ),
    );
    // Every rental in this file has in-unit laundry: the rest can go, and the last one stays.
    const unused = laundry.filter((r) => r.useCount === 0);
    for (const r of unused) {
      expect((await call('DELETE', `/svc/admin/rental-properties/${r.id}`, admin.token)).statusCode).toBe(200);
    }
    const last = laundry.find((r) => r.value === 'in_unit');
    await t.database.db.update(rentals).set({ state: 'deleted' });
    const refused = await call('DELETE', `/svc/admin/rental-properties/${last?.id}`, admin.token);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).msg).toBe(rentalConsoleMessages.lastPropertyValue);
  });
});
