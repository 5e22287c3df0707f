import type {
  B2BMarketplaceRecord,
  EmployeeBenefitRecord,
  EmployeeBenefitReport,
  LoginData,
} from '@yardly/shared/contract';
import { organisationFlowMessages } from '@yardly/shared/rules';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRefnum } from '../src/db/refnum';
import { organizations, users, welcomeCredits } from '../src/db/schema/index';
import { organisationPromotionsAccount } from '../src/modules/ledger/accounts';
import { checkLedger, ledgerIsSound } from '../src/modules/ledger/check';
import { balanceOf } from '../src/modules/ledger/ledger';
import { callAs, listQuery } from './admin-helpers';
import { insertListing, insertOrder } from './fixtures';
import { holdClock, json, startTestApp, type TestApp } from './harness';
import { freshAddress, freshEmail, GOOD_PASSWORD, lastCode, post, postFrom, signedUp } from './identity-helpers';
import { rewardsOf } from './reward-helpers';
import { signedUpPeople } from './role-helpers';
import { image, multipart } from './selling-helpers';

let t: TestApp;
let admin: LoginData;
let limited: LoginData;
let person: LoginData;

const call = (method: string, url: string, token?: string, payload?: unknown) => callAs(t, method, url, token, payload);
const q = listQuery;

/** POST /svc/admin/b2b/{acme}/logo with a multipart body, as the admin. */
function uploadLogo(body: { payload: Buffer; headers: Record<string, string> }) {
  return t.app.inject({
    method: 'POST',
    url: `/svc/admin/b2b/${acme}/logo`,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${admin.token}` },
  });
}

/** An organisation made through the console, with its work-email domains; its refnum. */
async function consoleOrganisation(
  name: string,
  domains: string[],
  options: { status?: string; isB2B?: boolean } = {},
): Promise<string> {
  const res = await call('POST', '/svc/admin/organizations', admin.token, {
    name,
    status: options.status ?? 'VERIFIED',
    isB2B: options.isB2B ?? true,
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = json<{ id: string }>(res).id;
  for (const domain of domains) {
    const added = await call('POST', '/svc/admin/work-email-domains', admin.token, { domain, organizationId: id });
    expect(added.statusCode, added.body).toBe(200);
  }
  return id;
}

function b2bSignup(email: string, orgName: string | undefined, isB2B = true) {
  return postFrom(t, freshAddress(), '/svc/users/signup', {
    email,
    password: GOOD_PASSWORD,
    nameFirst: 'Ann',
    nameLast: 'Lee',
    isB2B,
    orgName,
  });
}

/** A person who signed up from `/client/{orgName}` and used the emailed code: their login data. */
async function b2bMember(email: string, orgName: string): Promise<LoginData> {
  const signup = await b2bSignup(email, orgName);
  expect(signup.statusCode, signup.body).toBe(200);
  const { signupTicket } = json<{ data: { signupTicket: string } }>(signup).data;
  const verified = await post(t, '/svc/users/verify-email', { email, code: await lastCode(t, email), signupTicket });
  expect(verified.statusCode, verified.body).toBe(200);
  return json<{ data: LoginData }>(verified).data;
}

async function sendWorkCode(person: LoginData, workEmail: string): Promise<string> {
  const sent = await post(t, '/svc/users/verify-profession', { workEmail }, person.token);
  expect(sent.statusCode, sent.body).toBe(200);
  return lastCode(t, workEmail);
}

function confirmWorkEmail(person: LoginData, workEmail: string, code: string) {
  return post(t, '/svc/users/verify-profession-code', { workEmail, code }, person.token);
}

async function setBenefits(orgRefnum: string, benefits: { commissionWaived: boolean; welcomeCreditCents: number }) {
  const res = await call('PUT', `/svc/admin/employee-benefit/${orgRefnum}`, admin.token, benefits);
  expect(res.statusCode, res.body).toBe(200);
  return json<EmployeeBenefitRecord>(res);
}

async function auditOf(resource: string, recordId: string) {
  const log = await call(
    'GET',
    `/svc/admin/audit-log${q({ filter: { resource, recordId }, sort: ['id', 'ASC'] })}`,
    admin.token,
  );
  expect(log.statusCode, log.body).toBe(200);
  return json<{ action: string; actorId: string; before: Record<string, unknown>; after: Record<string, unknown> }[]>(
    log,
  );
}

let acme: string;
beforeAll(async () => {
  t = await startTestApp();
  ({ admin, limited, person } = await signedUpPeople(t, 'admin', 'limited', 'person'));
  acme = await consoleOrganisation('Acme Corp', ['acme.com', 'acme-corp.com']);
});
afterAll(() => t?.close());

describe('B2B only when VERIFIED (the organisations console)', () => {
  it('refuses isB2B for an organisation that is not VERIFIED, on the field, and writes nothing', async () => {
    for (const status of ['IN_REVIEW', 'REJECTED']) {
      const res = await call('POST', '/svc/admin/organizations', admin.token, {
        name: `Pending ${status.toLowerCase().replace('_', ' ')}`,
        status,
        isB2B: true,
      });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({
        code: 400,
        msg: organisationFlowMessages.b2bNeedsVerified,
        errors: [{ field: 'isB2B', message: organisationFlowMessages.b2bNeedsVerified }],
      });
    }
    const written = await t.database.db.select().from(organizations).where(sql`${organizations.name} like 'Pending %'`);
    expect(written).toEqual([]);
  });

  it('lets the console reject a B2B organisation, which closes its marketplace at once, but not open one unverified', async () => {
    const id = await consoleOrganisation('Stepwise Co', ['stepwise.com']);
    const rejected = await call('PUT', `/svc/admin/organizations/${id}`, admin.token, {
      name: 'Stepwise Co',
      status: 'REJECTED',
      isB2B: true,
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(json(rejected)).toMatchObject({ status: 'REJECTED', isB2B: true });
    const landing = await t.app.inject({ method: 'GET', url: '/svc/client/stepwise-co' });
    expect(landing.statusCode).toBe(404);

    const plain = await call('PUT', `/svc/admin/organizations/${id}`, admin.token, {
      name: 'Stepwise Co',
      status: 'REJECTED',
      isB2B: false,
    });
    expect(plain.statusCode, plain.body).toBe(200);
    const before = await auditOf('organizations', id);
    const reopened = await call('PUT', `/svc/admin/organizations/${id}`, admin.token, {
      name: 'Stepwise Co',
      status: 'REJECTED',
      isB2B: true,
    });
    expect(reopened.statusCode).toBe(400);
    expect(json(reopened).errors).toEqual([{ field: 'isB2B', message: organisationFlowMessages.b2bNeedsVerified }]);
    expect(await auditOf('organizations', id)).toHaveLength(before.length);
    const [row] = await t.database.db.select().from(organizations).where(eq(organizations.refnum, id));
    expect(row).toMatchObject({ status: 'REJECTED', isB2B: false });
  });
});

describe('GET /svc/client/{orgName}: the landing data', () => {
  it("answers a VERIFIED B2B organisation's landing to a guest", async () => {
    const res = await call('GET', '/svc/client/acme-corp');
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({
      code: 200,
      data: {
        orgName: 'acme-corp',
        orgRefnum: acme,
        name: 'Acme Corp',
        welcomeText: '',
        brandColor: '#1f6f43',
        logoUrl: null,
        domains: ['acme-corp.com', 'acme.com'],
        commissionWaived: false,
      },
    });
  });

  it('is a 404 with a clear message for an unknown name, a company without a marketplace, an unverified one', async () => {
    const plain = await consoleOrganisation('Plain Widgets', ['plainwidgets.com'], { isB2B: false });
    // Made B2B and then unverified behind the console's back: still no marketplace.
    const [lapsed] = await t.database.db
      .insert(organizations)
      .values({ refnum: newRefnum('organization'), name: 'Lapsed Labs', status: 'IN_REVIEW', isB2B: true })
      .returning();
    await t.database.db
      .insert(organizations)
      .values({ refnum: newRefnum('organization'), name: 'Shut Down', status: 'REJECTED', isB2B: true });
    for (const name of ['no-such-company', 'plain-widgets', 'lapsed-labs', 'shut-down', 'a%20b', '-acme']) {
      const res = await call('GET', `/svc/client/${name}`);
      expect(res.statusCode, name).toBe(404);
      expect(json(res), name).toEqual({ code: 404, msg: 'There is no organisation marketplace by this name' });
    }
    expect(plain).toMatch(/^O/);
    expect(lapsed?.isB2B).toBe(true);
  });
});

describe('the console: /b2b, /employee_benefit and the benefit report', () => {
  it('gives the three resources to ROLE_ADMIN only: a limited admin and a person 403, a guest 401', async () => {
    const urls = [
      ['GET', '/svc/admin/b2b'],
      ['GET', `/svc/admin/b2b/${acme}`],
      ['PUT', `/svc/admin/b2b/${acme}`],
      ['POST', `/svc/admin/b2b/${acme}/logo`],
      ['GET', '/svc/admin/employee-benefit'],
      ['GET', `/svc/admin/employee-benefit/${acme}`],
      ['PUT', `/svc/admin/employee-benefit/${acme}`],
      ['GET', '/svc/admin/employee-benefit-report'],
    ] as const;
    for (const [method, url] of urls) {
      const payload = method === 'GET' ? undefined : {};
      expect((await call(method, url, undefined, payload)).statusCode, `guest ${method} ${url}`).toBe(401);
      for (const who of [limited, person]) {
        const res = await call(method, url, who.token, payload);
        expect(res.statusCode, `${who.email} ${method} ${url}`).toBe(403);
        expect(json(res).msg).toBe('Your role does not allow this');
      }
    }
    // No creating or deleting marketplaces here: that is the organisations' isB2B.
    expect((await call('POST', '/svc/admin/b2b', admin.token, {})).statusCode).toBe(404);
    expect((await call('DELETE', `/svc/admin/b2b/${acme}`, admin.token)).statusCode).toBe(404);
    expect((await call('PUT', '/svc/admin/employee-benefit-report/x', admin.token, {})).statusCode).toBe(404);
  });

  it('lists only the B2B organisations, with domains and counts; edits the welcome text and colour, audited', async () => {
    const list = await call('GET', `/svc/admin/b2b${q({ sort: ['name', 'ASC'] })}`, admin.token);
    expect(list.statusCode, list.body).toBe(200);
    const names = json<B2BMarketplaceRecord[]>(list).map((r) => r.name);
    expect(names).toContain('Acme Corp');
    expect(names).not.toContain('Plain Widgets');
    const record = json<B2BMarketplaceRecord[]>(list).find((r) => r.id === acme);
    expect(record).toMatchObject({ orgName: 'acme-corp', status: 'VERIFIED', domains: ['acme-corp.com', 'acme.com'] });

    const plain = await t.database.db.select().from(organizations).where(eq(organizations.name, 'Plain Widgets'));
    expect((await call('GET', `/svc/admin/b2b/${plain[0]?.refnum}`, admin.token)).statusCode).toBe(404);

    const badColour = await call('PUT', `/svc/admin/b2b/${acme}`, admin.token, {
      welcomeText: 'Hi',
      brandColor: 'red',
    });
    expect(badColour.statusCode).toBe(400);
    expect(json(badColour).errors).toEqual([{ field: 'brandColor', message: 'Enter a colour such as #1f6f43' }]);

    const welcomeText = 'Buy and sell among Acme colleagues.';
    const edit = await call('PUT', `/svc/admin/b2b/${acme}`, admin.token, { welcomeText, brandColor: '#0055AA' });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(json(edit)).toMatchObject({ id: acme, welcomeText, brandColor: '#0055aa' });
    const landing = json<{ data: { welcomeText: string; brandColor: string } }>(
      await call('GET', '/svc/client/acme-corp'),
    );
    expect(landing.data).toMatchObject({ welcomeText, brandColor: '#0055aa' });

    const [entry] = (await auditOf('b2b', acme)).slice(-1);
    expect(entry).toMatchObject({
      action: 'update',
      actorId: admin.userRefnum,
      before: { welcomeText: '' },
      after: { welcomeText, brandColor: '#0055aa' },
    });
  });

  it('uploads a logo through the photo pipeline: the landing serves it; a file that is not an image is refused', async () => {
    const notImage = await multipart(Buffer.from('not a picture'), 'photo', 'logo.jpg');
    const refused = await uploadLogo(notImage);
    expect(refused.statusCode).toBe(400);
    expect(json(refused).errors).toEqual([{ field: 'photo', message: expect.any(String) }]);

    const body = await multipart(await image(400, 200, 'png'), 'file', 'logo.png', 'image/png');
    const res = await uploadLogo(body);
    expect(res.statusCode, res.body).toBe(200);
    const logoUrl = json<B2BMarketplaceRecord>(res).logoUrl;
    expect(logoUrl).toMatch(new RegExp(`^/svc/files/organizations/${acme}/[a-z0-9]+\\.jpg$`));
    const landing = json<{ data: { logoUrl: string } }>(await call('GET', '/svc/client/acme-corp'));
    expect(landing.data.logoUrl).toBe(logoUrl);
    const file = await call('GET', logoUrl ?? '');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    const [entry] = (await auditOf('b2b', acme)).slice(-1);
    expect(entry).toMatchObject({ action: 'update', before: { logoUrl: null }, after: { logoUrl } });

    // A new logo replaces the old one, whose file goes.
    const again = await multipart(await image(300, 300), 'logo', 'logo.jpg');
    const second = await uploadLogo(again);
    expect(second.statusCode, second.body).toBe(200);
    expect(json<B2BMarketplaceRecord>(second).logoUrl).not.toBe(logoUrl);
    expect((await call('GET', logoUrl ?? '')).statusCode).toBe(404);
  });

  it('edits the employee benefits, stamped with the time and audited; the welcome credit is bounded', async () => {
    const tooMuch = await call('PUT', `/svc/admin/employee-benefit/${acme}`, admin.token, {
      commissionWaived: true,
      welcomeCreditCents: 50_001,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(json(tooMuch).errors).toEqual([
      { field: 'welcomeCreditCents', message: organisationFlowMessages.welcomeCreditRange },
    ]);
    const fraction = await call('PUT', `/svc/admin/employee-benefit/${acme}`, admin.token, {
      commissionWaived: true,
      welcomeCreditCents: 10.5,
    });
    expect(json(fraction).errors).toEqual([
      { field: 'welcomeCreditCents', message: organisationFlowMessages.welcomeCreditRange },
    ]);

    const release = holdClock(t);
    const at = t.app.clock.now().toISOString();
    const saved = await setBenefits(acme, { commissionWaived: true, welcomeCreditCents: 1000 }).finally(release);
    expect(saved).toMatchObject({ id: acme, name: 'Acme Corp', orgName: 'acme-corp', commissionWaived: true });
    expect(saved.welcomeCreditCents).toBe(1000);
    expect(saved.updatedAt).toBe(at);
    const list = json<EmployeeBenefitRecord[]>(await call('GET', '/svc/admin/employee-benefit', admin.token));
    expect(list.find((r) => r.id === acme)).toEqual(saved);
    const [entry] = (await auditOf('employee-benefit', acme)).slice(-1);
    expect(entry).toMatchObject({
      action: 'update',
      before: { commissionWaived: false, welcomeCreditCents: 0, updatedAt: null },
      after: { commissionWaived: true, welcomeCreditCents: 1000 },
    });
  });
});

describe('signing up from an organisation’s landing page', () => {
  it('refuses an email outside its domains, an unknown or non-B2B organisation, before writing anything', async () => {
    const outside = freshEmail('outsider');
    const wrong = await b2bSignup(outside, 'acme-corp');
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong)).toEqual({
      code: 400,
      msg: 'Please use your Acme Corp work email address',
      errors: [{ field: 'email', message: organisationFlowMessages.wrongDomain('Acme Corp') }],
    });
    for (const orgName of ['nobody-here', 'plain-widgets', undefined]) {
      const res = await b2bSignup(`someone.${Date.now()}@plainwidgets.com`, orgName);
      expect(res.statusCode, String(orgName)).toBe(400);
      expect(json(res).errors).toEqual([
        { field: 'orgName', message: 'There is no organisation marketplace by this name' },
      ]);
    }
    const easy = await postFrom(t, freshAddress(), '/svc/users/easy-signup', {
      email: outside,
      isB2B: true,
      orgName: 'acme-corp',
    });
    expect(json(easy).errors).toEqual([{ field: 'email', message: organisationFlowMessages.wrongDomain('Acme Corp') }]);
    const written = await t.database.db.select().from(users).where(eq(users.email, outside));
    expect(written).toEqual([]);
  });

  it('verifying the code proves the work mailbox: a member, with the organisation in the login data', async () => {
    const email = `bea.${Date.now()}@Acme.com`;
    const member = await b2bMember(email, 'acme-corp');
    expect(member).toMatchObject({
      orgName: 'acme-corp',
      orgRefnum: acme,
      isOrganizationB2B: true,
      isProfessionVerified: true,
      companyStatus: 'VERIFIED',
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.refnum, member.userRefnum));
    expect(row?.workEmail).toBe(email);
    // Every way in answers the same.
    const login = await post(t, '/svc/users/login', { email, password: GOOD_PASSWORD });
    expect(json<{ data: LoginData }>(login).data).toMatchObject({
      orgName: 'acme-corp',
      orgRefnum: acme,
      isOrganizationB2B: true,
    });
    await post(t, '/svc/users/login-with-code', { email });
    const byCode = await post(t, '/svc/users/verify-login-code', { email, code: await lastCode(t, email) });
    expect(json<{ data: LoginData }>(byCode).data).toMatchObject({ orgRefnum: acme, isOrganizationB2B: true });
  });

  it('keeps the organisation with a code sent again, and through an easy sign-up', async () => {
    const email = `cy.${Date.now()}@acme-corp.com`;
    expect((await b2bSignup(email, 'acme-corp')).statusCode).toBe(200);
    const resent = await postFrom(t, freshAddress(), '/svc/users/verify/resend', { email });
    expect(resent.statusCode, resent.body).toBe(200);
    const verified = await post(t, '/svc/users/verify-email', { email, code: await lastCode(t, email) });
    expect(json<{ data: LoginData }>(verified).data).toMatchObject({ orgRefnum: acme, isOrganizationB2B: true });

    const easyEmail = `di.${Date.now()}@acme.com`;
    const easy = await postFrom(t, freshAddress(), '/svc/users/easy-signup', {
      email: easyEmail,
      isB2B: true,
      orgName: 'acme-corp',
    });
    expect(easy.statusCode, easy.body).toBe(200);
    const easyVerified = await post(t, '/svc/users/verify-email', {
      email: easyEmail,
      code: await lastCode(t, easyEmail),
    });
    expect(json<{ data: LoginData }>(easyVerified).data).toMatchObject({
      orgName: 'acme-corp',
      isOrganizationB2B: true,
    });
  });

  it('gives a plain sign-up, and a member of an organisation without a marketplace, no organisation', async () => {
    expect(person).toMatchObject({ orgName: null, orgRefnum: null, isOrganizationB2B: false });
    const plain = await signedUp(t);
    const workEmail = `ed.${Date.now()}@plainwidgets.com`;
    const res = await confirmWorkEmail(plain, workEmail, await sendWorkCode(plain, workEmail));
    expect(json<{ data: LoginData }>(res).data).toMatchObject({
      companyStatus: 'VERIFIED',
      isProfessionVerified: true,
      orgName: null,
      orgRefnum: null,
      isOrganizationB2B: false,
    });
  });

  it('makes a member through the work-email verification too', async () => {
    const someone = await signedUp(t);
    const workEmail = `flo.${Date.now()}@acme.com`;
    const res = await confirmWorkEmail(someone, workEmail, await sendWorkCode(someone, workEmail));
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ data: LoginData }>(res).data).toMatchObject({
      organizationName: 'Acme Corp',
      orgName: 'acme-corp',
      orgRefnum: acme,
      isOrganizationB2B: true,
    });
  });
});

describe('the welcome credit', () => {
  let credited: string;
  beforeAll(async () => {
    credited = await consoleOrganisation('Gift Co', ['gift.co', 'giftco.com']);
    await setBenefits(credited, { commissionWaived: false, welcomeCreditCents: 1500 });
  });

  it('pays a newly verified member once, from the organisation’s promotions account, shown in their rewards and told', async () => {
    const member = await b2bMember(`gia.${Date.now()}@gift.co`, 'gift-co');
    const rewards = await rewardsOf(t, member);
    expect(rewards.balance).toBe(1500);
    expect(rewards.entries.content).toEqual([
      { amount: 1500, description: 'Welcome credit from Gift Co', at: expect.any(String) },
    ]);
    expect(await balanceOf(t.database.db, organisationPromotionsAccount(credited))).toBe(-1500);
    const inbox = json<{ data: { notifications: { content: { text: string; link: string | null }[] } } }>(
      await call('GET', '/svc/notifications', member.token),
    );
    expect(inbox.data.notifications.content[0]).toMatchObject({
      text: 'Welcome to the Gift Co marketplace: you got a $15.00 welcome credit. Spend it on your next purchase.',
      link: '/myrewards',
    });

    // Verifying a work email at the same organisation again gives nothing more.
    const again = `gia.${Date.now()}@giftco.com`;
    const res = await confirmWorkEmail(member, again, await sendWorkCode(member, again));
    expect(res.statusCode, res.body).toBe(200);
    expect((await rewardsOf(t, member)).balance).toBe(1500);
    expect(ledgerIsSound(await checkLedger(t.database.db))).toBe(true);
  });

  it('is granted once when two verifications of one person run at once', async () => {
    const someone = await signedUp(t);
    const [first, second] = [`hal.${Date.now()}@gift.co`, `hal.${Date.now()}@giftco.com`];
    const codes = [await sendWorkCode(someone, first), await sendWorkCode(someone, second)];
    const answers = await Promise.all([
      confirmWorkEmail(someone, first, codes[0] ?? ''),
      confirmWorkEmail(someone, second, codes[1] ?? ''),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const [user] = await t.database.db.select().from(users).where(eq(users.refnum, someone.userRefnum));
    const rows = await t.database.db
      .select()
      .from(welcomeCredits)
      .where(eq(welcomeCredits.userId, user?.id ?? 0));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.ledgerTransactionId).not.toBeNull();
    expect((await rewardsOf(t, someone)).balance).toBe(1500);
    expect(await balanceOf(t.database.db, organisationPromotionsAccount(credited))).toBe(-3000);
    expect(ledgerIsSound(await checkLedger(t.database.db))).toBe(true);
  });

  it('is nothing when the organisation gives none, or the person joins an organisation without a marketplace', async () => {
    const acmeMember = await b2bMember(`ivy.${Date.now()}@acme.com`, 'acme-corp');
    expect((await rewardsOf(t, acmeMember)).balance).toBe(10 * 100);
    await setBenefits(acme, { commissionWaived: true, welcomeCreditCents: 0 });
    const later = await b2bMember(`jo.${Date.now()}@acme.com`, 'acme-corp');
    expect((await rewardsOf(t, later)).balance).toBe(0);
  });
});

describe('the monthly benefit report', () => {
  /** An order placed at `at` for an organisation's listing, with the commission it waived. */
  async function waivedSale(organizationId: number, sellerId: number, buyerId: number, at: Date, waived: number) {
    const db = t.database.db;
    const listing = await insertListing(db, sellerId, 'electronics', { organizationId, priceCents: 10_000 });
    const order = await insertOrder(db, { id: listing.id, sellerId }, buyerId, { at, priceCents: 10_000 });
    await db.execute(sql`update orders set commission_waived_cents = ${waived} where id = ${order?.id ?? 0}`);
  }

  it('sums per organisation and month the commission waived and the welcome credits, read only', async () => {
    const db = t.database.db;
    const [report] = await db
      .insert(organizations)
      .values({ refnum: newRefnum('organization'), name: 'Report Co', status: 'VERIFIED', isB2B: true })
      .returning();
    const orgId = report?.id ?? 0;
    const [seller, buyer] = await Promise.all([signedUp(t), signedUp(t)]);
    const idOf = async (p: LoginData) =>
      (await db.select({ id: users.id }).from(users).where(eq(users.refnum, p.userRefnum)))[0]?.id ?? 0;
    const [sellerId, buyerId] = [await idOf(seller), await idOf(buyer)];
    await waivedSale(orgId, sellerId, buyerId, new Date('2026-03-05T10:00:00Z'), 1200);
    await waivedSale(orgId, sellerId, buyerId, new Date('2026-03-31T23:30:00Z'), 800);
    await waivedSale(orgId, sellerId, buyerId, new Date('2026-04-01T00:30:00Z'), 500);

    const rows = json<EmployeeBenefitReport[]>(
      await call(
        'GET',
        `/svc/admin/employee-benefit-report${q({ filter: { orgRefnum: report?.refnum }, sort: ['month', 'ASC'] })}`,
        admin.token,
      ),
    );
    expect(rows).toEqual([
      {
        id: `${report?.refnum}-2026-03`,
        orgRefnum: report?.refnum,
        name: 'Report Co',
        month: '2026-03',
        waivedSales: 2,
        commissionWaivedCents: 2000,
        welcomeCredits: 0,
        welcomeCreditCents: 0,
        totalCents: 2000,
      },
      {
        id: `${report?.refnum}-2026-04`,
        orgRefnum: report?.refnum,
        name: 'Report Co',
        month: '2026-04',
        waivedSales: 1,
        commissionWaivedCents: 500,
        welcomeCredits: 0,
        welcomeCreditCents: 0,
        totalCents: 500,
      },
    ]);
    const one = await call('GET', `/svc/admin/employee-benefit-report/${report?.refnum}-2026-04`, admin.token);
    expect(json(one)).toMatchObject({ waivedSales: 1, totalCents: 500 });
  });

  it('counts the welcome credits of the month from the ledger, beside the waived sales', async () => {
    const [gift] = await t.database.db.select().from(organizations).where(eq(organizations.name, 'Gift Co'));
    const month = t.app.clock.now().toISOString().slice(0, 7);
    const res = await call('GET', `/svc/admin/employee-benefit-report/${gift?.refnum}-${month}`, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({
      id: `${gift?.refnum}-${month}`,
      orgRefnum: gift?.refnum,
      name: 'Gift Co',
      month,
      waivedSales: 0,
      commissionWaivedCents: 0,
      welcomeCredits: 2,
      welcomeCreditCents: 3000,
      totalCents: 3000,
    });
    const list = await call(
      'GET',
      `/svc/admin/employee-benefit-report${q({ sort: ['totalCents', 'DESC'] })}`,
      admin.token,
    );
    expect(list.statusCode, list.body).toBe(200);
    expect(list.headers['content-range']).toMatch(/^employee-benefit-report 0-\d+\/\d+$/);
  });
});
