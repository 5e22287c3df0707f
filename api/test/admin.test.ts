import type { CallData, LoginData, notificationsCall } from '@yardly/shared/contract';
import {
  ADMIN_RESOURCES,
  type AdminVerb,
  authMessages,
  bannerConsoleMessages,
  categoryConsoleMessages,
  listingConsoleMessages,
  mayAdmin,
  notices,
  organisationConsoleMessages,
  userConsoleMessages,
} from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRefnum } from '../src/db/refnum';
import { listingReports, listings, organizations, users } from '../src/db/schema/index';
import { categoryBySlug, insertListing, insertSeller } from './fixtures';
import { json, startTestApp, type TestApp } from './harness';
import { freshEmail, GOOD_PASSWORD, post, signedUp } from './identity-helpers';

type NotificationsPage = CallData<typeof notificationsCall>;

let t: TestApp;
let admin: LoginData;
let limited: LoginData;
let person: LoginData;

async function withRoles(login: LoginData, roles: string[]) {
  await t.database.db.update(users).set({ roles }).where(eq(users.refnum, login.userRefnum));
  return login;
}

function call(method: string, url: string, token?: string, payload?: unknown) {
  return t.app.inject({
    method: method as 'GET',
    url,
    payload: payload as object | undefined,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

const q = (params: Record<string, unknown>) =>
  `?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, JSON.stringify(v)])).toString()}`;

beforeAll(async () => {
  t = await startTestApp();
  admin = await withRoles(await signedUp(t, freshEmail('admin')), ['ROLE_USER', 'ROLE_ADMIN']);
  limited = await withRoles(await signedUp(t, freshEmail('limited')), ['ROLE_USER', 'ROLE_LIMITED_ADMIN']);
  person = await signedUp(t, freshEmail('person'));
});
afterAll(() => t?.close());

/** The verbs each resource offers (the rest have no route for anyone). */
const ROUTES: Record<string, AdminVerb[]> = {
  categories: ['list', 'show', 'create', 'edit', 'delete'],
  listings: ['list', 'show', 'edit', 'delete'],
  reports: ['list', 'show', 'edit'],
  conversations: ['list', 'show'],
  banners: ['list', 'show', 'create', 'edit', 'delete'],
  'work-email-domains': ['list', 'show', 'create', 'edit', 'delete'],
  organizations: ['list', 'show', 'create', 'edit'],
  users: ['list', 'show', 'edit'],
  'audit-log': ['list', 'show'],
  // Issue 18: an order's edit is the Refund, a payout's the Retry.
  orders: ['list', 'show', 'edit'],
  payouts: ['list', 'show', 'edit'],
  // Issue 19: a review's edit is its tag.
  reviews: ['list', 'show', 'edit'],
  // Issue 23: the B2B marketplaces and employee benefits are edits of B2B organisations; the report is read only.
  b2b: ['list', 'show', 'edit'],
  'employee-benefit': ['list', 'show', 'edit'],
  'employee-benefit-report': ['list', 'show'],
};

const REQUEST: Record<AdminVerb, { method: string; path: (r: string) => string }> = {
  list: { method: 'GET', path: (r) => `/svc/admin/${r}` },
  show: { method: 'GET', path: (r) => `/svc/admin/${r}/1` },
  create: { method: 'POST', path: (r) => `/svc/admin/${r}` },
  edit: { method: 'PUT', path: (r) => `/svc/admin/${r}/1` },
  delete: { method: 'DELETE', path: (r) => `/svc/admin/${r}/1` },
};

describe('the role-by-resource matrix', () => {
  it('refuses every verb the role does not allow, on every resource, with 0 unexpected successes', async () => {
    const personas = [
      { name: 'anonymous', token: undefined, roles: [] as string[], refusal: 401 },
      { name: 'user', token: person.token, roles: ['ROLE_USER'], refusal: 403 },
      { name: 'limited admin', token: limited.token, roles: ['ROLE_USER', 'ROLE_LIMITED_ADMIN'], refusal: 403 },
      { name: 'admin', token: admin.token, roles: ['ROLE_USER', 'ROLE_ADMIN'], refusal: 403 },
    ];
    const unexpected: string[] = [];
    let checked = 0;
    for (const [resource, verbs] of Object.entries(ROUTES)) {
      for (const verb of ['list', 'show', 'create', 'edit', 'delete'] as AdminVerb[]) {
        const { method, path } = REQUEST[verb];
        for (const persona of personas) {
          const res = await call(method, path(resource), persona.token, method === 'GET' ? undefined : {});
          checked += 1;
          const allowed = verbs.includes(verb) && mayAdmin(persona.roles, resource as never, verb);
          const where = `${persona.name} ${method} ${resource} (${verb}) → ${res.statusCode}`;
          if (!allowed && res.statusCode < 300) unexpected.push(where);
          if (!verbs.includes(verb)) {
            if (res.statusCode !== 404) unexpected.push(where);
          } else if (!allowed && res.statusCode !== persona.refusal) {
            unexpected.push(where);
          } else if (allowed && (res.statusCode === 401 || res.statusCode === 403)) {
            unexpected.push(where);
          }
        }
      }
    }
    expect(unexpected).toEqual([]);
    expect(checked).toBe(15 * 5 * 4);
    expect(ADMIN_RESOURCES).toContain('donations'); // the seam: in the matrix, routes to come
  });

  it("keeps the limited admin to the spec's share: the admin area; the catalogue and the rest answer 403", async () => {
    const refused: string[] = [];
    for (const resource of Object.keys(ROUTES)) {
      for (const url of [`/svc/admin/${resource}`, `/svc/admin/${resource}/1`]) {
        const res = await call('GET', url, limited.token);
        if (res.statusCode !== 403 || json(res).msg !== 'Your role does not allow this')
          refused.push(`${url} → ${res.statusCode}`);
      }
    }
    // /catalog_mngt (listings), the reports and the categories included: ROLE_ADMIN's alone.
    expect(refused).toEqual([]);
    const moderate = await call('PUT', '/svc/admin/listings/L00000000000', limited.token, { status: 'inactive' });
    expect(moderate.statusCode).toBe(403);
    expect((await call('GET', '/svc/admin/dashboard', limited.token)).statusCode).toBe(200);
  });

  it('gives the dashboard to both admin roles only', async () => {
    expect((await call('GET', '/svc/admin/dashboard')).statusCode).toBe(401);
    expect((await call('GET', '/svc/admin/dashboard', person.token)).statusCode).toBe(403);
    const res = await call('GET', '/svc/admin/dashboard', limited.token);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(json<{ data: object }>(res).data).sort()).toEqual([
      'donationsOpen',
      'listingsActive',
      'listingsNewThisWeek',
      'openRentalReports',
      'openReports',
      'organizationsInReview',
      'rentalsAvailable',
    ]);
    // Without the donation flag there are no donations to count.
    expect(json<{ data: { donationsOpen: number | null } }>(res).data.donationsOpen).toBeNull();
    expect((await call('GET', '/svc/admin/dashboard', admin.token)).statusCode).toBe(200);
  });
});

describe('the ra-data-simple-rest dialect', () => {
  let orgId: string;
  const domains = ['alpha-corp.com', 'beta-corp.com', 'gamma-corp.com'];
  const ids: number[] = [];

  beforeAll(async () => {
    const org = await call('POST', '/svc/admin/organizations', admin.token, {
      name: 'Dialect Corp',
      status: 'IN_REVIEW',
      isB2B: false,
    });
    expect(org.statusCode, org.body).toBe(200);
    orgId = json<{ id: string }>(org).id;
    for (const domain of domains) {
      const res = await call('POST', '/svc/admin/work-email-domains', admin.token, { domain, organizationId: orgId });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(json<{ id: number }>(res).id);
    }
  });

  it('pages a list with Content-Range, exposed to the browser', async () => {
    const filter = { organizationId: orgId };
    const first = await call(
      'GET',
      `/svc/admin/work-email-domains${q({ sort: ['domain', 'DESC'], range: [0, 1], filter })}`,
      admin.token,
    );
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-range']).toBe('work-email-domains 0-1/3');
    expect(String(first.headers['access-control-expose-headers'])).toContain('Content-Range');
    expect(json<{ domain: string }[]>(first).map((d) => d.domain)).toEqual(['gamma-corp.com', 'beta-corp.com']);

    const second = await call(
      'GET',
      `/svc/admin/work-email-domains${q({ sort: ['domain', 'DESC'], range: [2, 3], filter })}`,
      admin.token,
    );
    expect(second.headers['content-range']).toBe('work-email-domains 2-2/3');
    expect(json<{ domain: string; organizationId: string }[]>(second)).toEqual([
      { id: ids[0], domain: 'alpha-corp.com', organizationId: orgId },
    ]);
  });

  it('answers getMany by filter={"id":[...]}', async () => {
    const res = await call(
      'GET',
      `/svc/admin/work-email-domains${q({ filter: { id: [ids[0], ids[2]] } })}`,
      admin.token,
    );
    expect(
      json<{ id: number }[]>(res)
        .map((d) => d.id)
        .sort(),
    ).toEqual([ids[0], ids[2]].sort());
  });

  it('refuses a malformed query and an unknown sort field with a 400', async () => {
    const bad = await call('GET', '/svc/admin/users?filter={nope', admin.token);
    expect(bad.statusCode).toBe(400);
    expect(json(bad).msg).toBe('filter is not valid JSON');
    const twice = await call('GET', '/svc/admin/users?sort=a&sort=b', admin.token);
    expect(twice.statusCode).toBe(400);
    const sort = await call('GET', `/svc/admin/users${q({ sort: ['passwordHash', 'ASC'] })}`, admin.token);
    expect(sort.statusCode).toBe(400);
    expect(json(sort).msg).toBe('This list cannot be sorted by passwordHash');
  });

  it('puts validation errors on the field: a bad domain, a duplicate, an unknown organisation', async () => {
    const bad = await call('POST', '/svc/admin/work-email-domains', admin.token, {
      domain: 'not a domain',
      organizationId: orgId,
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors).toEqual([{ field: 'domain', message: organisationConsoleMessages.domainInvalid }]);

    const dup = await call('POST', '/svc/admin/work-email-domains', admin.token, {
      domain: 'Alpha-Corp.com',
      organizationId: orgId,
    });
    expect(dup.statusCode).toBe(409);
    expect(json(dup)).toMatchObject({ msg: organisationConsoleMessages.domainTaken, errors: [{ field: 'domain' }] });

    const nameClash = await call('POST', '/svc/admin/organizations', admin.token, {
      name: 'dialect   corp',
      status: 'VERIFIED',
      isB2B: false,
    });
    expect(nameClash.statusCode).toBe(409);
    expect(json(nameClash).errors).toEqual([
      { field: 'name', message: organisationConsoleMessages.organisationNameTaken },
    ]);

    const notUrlSafe = await call('POST', '/svc/admin/organizations', admin.token, {
      name: 'A/B',
      status: 'VERIFIED',
      isB2B: false,
    });
    expect(json(notUrlSafe).errors).toEqual([
      { field: 'name', message: organisationConsoleMessages.organisationNameInvalid },
    ]);
  });

  it('writes an audit entry for each change, with who, before and after; the log is read only', async () => {
    const res = await call('PUT', `/svc/admin/organizations/${orgId}`, admin.token, {
      name: 'Dialect Corp',
      status: 'VERIFIED',
      isB2B: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const log = await call(
      'GET',
      `/svc/admin/audit-log${q({ filter: { resource: 'organizations', recordId: orgId }, sort: ['id', 'ASC'] })}`,
      admin.token,
    );
    const entries =
      json<{ action: string; actorId: string; before: { status?: string } | null; after: { status: string } }[]>(log);
    expect(entries.map((e) => e.action)).toEqual(['create', 'update']);
    expect(entries[1]).toMatchObject({
      actorId: admin.userRefnum,
      before: { status: 'IN_REVIEW' },
      after: { status: 'VERIFIED' },
    });
    expect(entries[0]?.before).toBeNull();
    expect((await call('POST', '/svc/admin/audit-log', admin.token, {})).statusCode).toBe(404);
    expect((await call('DELETE', `/svc/admin/audit-log/1`, admin.token)).statusCode).toBe(404);
  });

  it('writes nothing, record or audit entry, when a change is refused', async () => {
    const before = await call('GET', '/svc/admin/audit-log', admin.token);
    const total = before.headers['content-range'];
    await call('POST', '/svc/admin/work-email-domains', admin.token, {
      domain: 'beta-corp.com',
      organizationId: orgId,
    });
    expect((await call('GET', '/svc/admin/audit-log', admin.token)).headers['content-range']).toBe(total);
  });
});

describe('organisations and their members', () => {
  it('a status change is seen by a member on their next request, and announced to them', async () => {
    const member = await signedUp(t, freshEmail('member'));
    const [org] = await t.database.db
      .insert(organizations)
      .values({ refnum: newRefnum('organization'), name: 'Member Co', status: 'IN_REVIEW' })
      .returning();
    const [row] = await t.database.db
      .update(users)
      .set({ organizationId: org?.id, isProfessionVerified: true })
      .where(eq(users.refnum, member.userRefnum))
      .returning();
    const listing = await insertListing(t.database.db, row?.id ?? 0, 'electronics');
    const detail = async () =>
      json<{ data: { listing: { sellerCompanyStatus: string } } }>(
        await call('POST', `/svc/listing/detailListing/v2?listingRefnum=${listing.refnum}`, member.token),
      ).data.listing.sellerCompanyStatus;
    expect(await detail()).toBe('IN_REVIEW');

    const res = await call('PUT', `/svc/admin/organizations/${org?.refnum}`, admin.token, {
      name: 'Member Co',
      status: 'VERIFIED',
      isB2B: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).memberCount, res.body).toBe(1);

    expect(await detail()).toBe('VERIFIED');
    const inbox = await call('GET', '/svc/notifications', member.token);
    expect(json<{ data: NotificationsPage }>(inbox).data.notifications.content.map((n) => n.text)).toEqual([
      notices.organisationStatus('Member Co', 'VERIFIED'),
    ]);
    // Someone else's notifications are not theirs to read.
    expect(
      json<{ data: NotificationsPage }>(await call('GET', '/svc/notifications', person.token)).data.notifications
        .content,
    ).toEqual([]);
    expect((await call('GET', '/svc/notifications')).statusCode).toBe(401);
  });
});

describe('users', () => {
  it("a blocked person's token is refused at once, their refresh ends and they cannot log in; unblocking lets them back", async () => {
    const email = freshEmail('blocked');
    const victim = await signedUp(t, email);
    expect((await call('GET', '/svc/notifications', victim.token)).statusCode).toBe(200);

    const block = await call('PUT', `/svc/admin/users/${victim.userRefnum}`, admin.token, {
      roles: ['ROLE_USER'],
      blocked: true,
    });
    expect(block.statusCode, block.body).toBe(200);
    expect(json(block).blocked).toBe(true);

    const refused = await call('GET', '/svc/notifications', victim.token);
    expect(refused.statusCode).toBe(401);
    expect(json(refused).msg).toBe(authMessages.accountBlocked);
    const refresh = await post(t, '/svc/users/refreshToken', { refreshToken: victim.refreshToken });
    expect(json(refresh).code).toBe(499);
    const login = await post(t, '/svc/users/login', { email, password: GOOD_PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(json(login).msg).toBe(authMessages.accountBlocked);

    await call('PUT', `/svc/admin/users/${victim.userRefnum}`, admin.token, { roles: ['ROLE_USER'], blocked: false });
    expect((await post(t, '/svc/users/login', { email, password: GOOD_PASSWORD })).statusCode).toBe(200);
  });

  it('searches people and changes roles; an admin cannot block themselves or drop their own admin role', async () => {
    const found = await call('GET', `/svc/admin/users${q({ filter: { q: 'limited' } })}`, admin.token);
    expect(json<{ id: string; roles: string[] }[]>(found)).toEqual([
      expect.objectContaining({ id: limited.userRefnum, roles: ['ROLE_USER', 'ROLE_LIMITED_ADMIN'] }),
    ]);
    const self = await call('PUT', `/svc/admin/users/${admin.userRefnum}`, admin.token, {
      roles: ['ROLE_USER'],
      blocked: false,
    });
    expect(self.statusCode).toBe(400);
    expect(json(self).errors).toEqual([{ field: 'roles', message: userConsoleMessages.ownAdminRole }]);
    const badRole = await call('PUT', `/svc/admin/users/${person.userRefnum}`, admin.token, {
      roles: ['ROLE_ROOT'],
      blocked: false,
    });
    expect(badRole.statusCode).toBe(400);
    expect(json<{ errors: { field: string }[] }>(badRole).errors[0]?.field).toBe('roles.0');
  });
});

describe('categories', () => {
  it('refuses deleting a category with listings (hide it instead) and a fourth home shortcut', async () => {
    const seller = await insertSeller(t.database.db);
    await insertListing(t.database.db, seller.id, 'electronics');
    const electronics = await categoryBySlug(t.database.db, 'electronics');
    const del = await call('DELETE', `/svc/admin/categories/${electronics.refnum}`, admin.token);
    expect(del.statusCode).toBe(409);
    expect(json(del).msg).toBe(categoryConsoleMessages.categoryHasListings);
    const shown = await call('GET', `/svc/admin/categories/${electronics.refnum}`, admin.token);
    expect(json(shown)).toMatchObject({ id: electronics.refnum, parentId: null, shortcut: true });
    expect(json<{ listingCount: number }>(shown).listingCount).toBeGreaterThan(0);

    const shortcut = await call('POST', '/svc/admin/categories', admin.token, {
      title: 'Garden',
      slug: 'garden-tools',
      shortcut: true,
      properties: [{ key: 'condition', label: 'Condition', values: ['New', 'Used'] }],
    });
    expect(shortcut.statusCode).toBe(409);
    expect(json(shortcut).errors).toEqual([{ field: 'shortcut', message: categoryConsoleMessages.tooManyShortcuts }]);

    const created = await call('POST', '/svc/admin/categories', admin.token, {
      title: 'Garden',
      slug: 'garden-tools',
      parentId: electronics.refnum,
      properties: [{ key: 'condition', label: 'Condition', values: ['New', 'Used'] }],
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(json(created)).toMatchObject({
      parentId: electronics.refnum,
      properties: [{ key: 'condition' }],
      listingCount: 0,
    });
    const gone = await call('DELETE', `/svc/admin/categories/${json(created).id}`, admin.token);
    expect(gone.statusCode).toBe(200);
  });
});

describe('reports and listings', () => {
  it('resolving a report removes the listing when asked and notifies the reporter; a second resolution is refused', async () => {
    const seller = await insertSeller(t.database.db);
    const listing = await insertListing(t.database.db, seller.id, 'electronics', { title: 'Fake watch' });
    const [reporter] = await t.database.db.select().from(users).where(eq(users.refnum, person.userRefnum));
    const [report] = await t.database.db
      .insert(listingReports)
      .values({ listingId: listing.id, reporterId: reporter?.id ?? 0, reason: 'scam', details: 'Too cheap' })
      .returning();

    const queue = await call('GET', `/svc/admin/reports${q({ filter: { status: 'open' } })}`, admin.token);
    expect(json<{ id: number; reason: string }[]>(queue)).toEqual([
      expect.objectContaining({ id: report?.id, reason: 'scam', actions: ['removeListing', 'dismiss'] }),
    ]);

    const resolved = await call('PUT', `/svc/admin/reports/${report?.id}`, admin.token, {
      status: 'listing_removed',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(json(resolved)).toMatchObject({ status: 'listing_removed', actions: [] });
    const [after] = await t.database.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(after?.state).toBe('deleted');
    const inbox = json<{ data: NotificationsPage }>(await call('GET', '/svc/notifications', person.token)).data
      .notifications.content;
    expect(inbox[0]?.text).toBe(notices.reportResolved('Fake watch', true));

    const again = await call('PUT', `/svc/admin/reports/${report?.id}`, admin.token, { status: 'no_action' });
    expect(again.statusCode).toBe(409);
  });

  it('searches the catalogue, features and deactivates a listing; soft-deletes on DELETE', async () => {
    const seller = await insertSeller(t.database.db);
    const listing = await insertListing(t.database.db, seller.id, 'electronics', { title: 'Unique lamp zz9' });
    const found = await call(
      'GET',
      `/svc/admin/listings${q({ filter: { q: 'lamp zz9', seller: seller.email } })}`,
      admin.token,
    );
    expect(json<{ id: string }[]>(found).map((l) => l.id)).toEqual([listing.refnum]);
    expect(json<{ actions: string[] }[]>(found)[0]?.actions).toEqual(['deactivate', 'remove']);

    const edit = await call('PUT', `/svc/admin/listings/${listing.refnum}`, admin.token, {
      status: 'inactive',
      deleted: false,
      featured: true,
    });
    expect(json(edit)).toMatchObject({
      status: 'inactive',
      featured: true,
      deleted: false,
      actions: ['activate', 'remove'],
    });
    const sold = await call('PUT', `/svc/admin/listings/${listing.refnum}`, admin.token, {
      status: 'donated',
      deleted: false,
      featured: true,
    });
    expect(json(sold).errors).toEqual([{ field: 'status', message: listingConsoleMessages.listingStatusChange }]);

    expect((await call('DELETE', `/svc/admin/listings/${listing.refnum}`, admin.token)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(row?.state).toBe('deleted');
  });
});

describe('banners', () => {
  it('uploads an image, and the home shows active banners inside their dates only', async () => {
    const png = await sharp({ create: { width: 1200, height: 400, channels: 3, background: '#e64' } })
      .png()
      .toBuffer();
    const src = `data:image/png;base64,${png.toString('base64')}`;
    const body = {
      title: 'Spring sale',
      link: '/search?q=spring',
      placement: 'home_hero',
      position: 1,
      active: true,
      image: { src },
    };
    const live = await call('POST', '/svc/admin/banners', admin.token, body);
    expect(live.statusCode, live.body).toBe(200);
    const image = json<{ image: { src: string } }>(live).image.src;
    expect((await t.app.inject({ url: image })).headers['content-type']).toBe('image/jpeg');

    await call('POST', '/svc/admin/banners', admin.token, { ...body, title: 'Off', active: false });
    await call('POST', '/svc/admin/banners', admin.token, {
      ...body,
      title: 'Later',
      startsAt: '2999-01-01T00:00:00Z',
    });

    const home = json<{ data: { title: string; imageUrl: string }[] }>(await call('GET', '/svc/banners'));
    expect(home.data.map((b) => b.title)).toEqual(['Spring sale']);

    const dates = await call('POST', '/svc/admin/banners', admin.token, {
      ...body,
      startsAt: '2030-02-01T00:00:00Z',
      endsAt: '2030-01-01T00:00:00Z',
    });
    expect(json(dates).errors).toEqual([{ field: 'endsAt', message: bannerConsoleMessages.bannerDates }]);
    const noImage = await call('POST', '/svc/admin/banners', admin.token, { ...body, image: null });
    expect(json(noImage).errors).toEqual([{ field: 'image', message: bannerConsoleMessages.bannerImageRequired }]);
    const notImage = await call('POST', '/svc/admin/banners', admin.token, {
      ...body,
      image: { src: 'data:image/png;base64,aGVsbG8=' },
    });
    expect(json(notImage).errors).toEqual([{ field: 'image', message: bannerConsoleMessages.bannerImageInvalid }]);
  });
});
