import { randomUUID } from 'node:crypto';
import type { LoginData } from '@yardly/shared/contract';
import { organisationFlowMessages } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings } from '../src/db/schema/index';
import { call } from './checkout-helpers';
import { startTestApp, type TestApp } from './harness';
import { freshEmail, signedUp } from './identity-helpers';
import {
  admin,
  b2bOrganisation,
  detail,
  memberOf,
  organisationListing,
  TAKES_OFFERS,
  type TestOrganisation,
  verifyWorkEmail,
} from './marketplace-helpers';
import { createListing, draftRef, goodForm, publishedListing, setBuyNow } from './selling-helpers';

/*
 * Members-only listings (issue 23, "Done when": the visibility rule on every listing-reading
 * call, a table test over the calls). One listing of Acme's marketplace, listed by one of its
 * members, is read through every call that reads listings by each of five people: a guest,
 * someone of no organisation, a member of another organisation's marketplace, another Acme
 * member, and its seller. What each sees is written per call below; a leak (or a listing lost
 * to its members) fails the cell.
 */

type Viewer = 'guest' | 'non-member' | 'other organisation' | 'member' | 'seller';
const VIEWERS: Viewer[] = ['guest', 'non-member', 'other organisation', 'member', 'seller'];

/** What a call answered a viewer about the listing: in the answer or not, not found, or another status. */
type Outcome = 'sees it' | 'without it' | 'not found' | number;

let t: TestApp;
let acme: TestOrganisation;
let people: Record<Viewer, LoginData | null>;
let listingRefnum: string;
let publicRefnum: string;
let categoryRefnum: string;
let orgTitle: string;
let orgWord: string;
let publicWord: string;

beforeAll(async () => {
  t = await startTestApp();
  acme = await b2bOrganisation(t);
  const beta = await b2bOrganisation(t);
  const seller = await memberOf(t, acme, 'seller');
  people = {
    guest: null,
    'non-member': await signedUp(t, freshEmail('outsider')),
    'other organisation': await memberOf(t, beta, 'beta'),
    member: await memberOf(t, acme, 'colleague'),
    seller,
  };
  orgWord = `quokka${Math.random().toString(36).slice(2, 6)}`;
  publicWord = `wombat${Math.random().toString(36).slice(2, 6)}`;
  orgTitle = `Teak ${orgWord} lamp`;
  listingRefnum = await organisationListing(t, seller, acme, orgTitle, TAKES_OFFERS);
  // The same seller's listing of the public marketplace: everyone still finds it.
  publicRefnum = await publishedListing(t, seller.token, { listingTitle: `Oak ${publicWord} stool` });
  const [row] = await t.database.db.select().from(listings).where(eq(listings.refnum, listingRefnum));
  const seen = await detail(t, listingRefnum, seller.token);
  categoryRefnum = seen.body.data.listing?.categoryRefnum ?? '';
  expect(row?.organizationId).toBe(acme.id);
});
afterAll(() => t.close());

const token = (viewer: Viewer) => people[viewer]?.token;

/** A list's outcome: whether the listing is among the refnums the answer holds. */
function listed(status: number, refnums: string[]): Outcome {
  if (status !== 200) return status;
  return refnums.includes(listingRefnum) ? 'sees it' : 'without it';
}

/** An answer about the listing itself: 200 sees it, 404 is "not found", anything else its status. */
function opened(status: number): Outcome {
  if (status === 200) return 'sees it';
  return status === 404 ? 'not found' : status;
}

type SearchAnswer = { data: { docs: { listingRefnum: string }[]; totalElements: number } };

async function searchOutcome(viewer: Viewer, path: string, body: Record<string, unknown>): Promise<Outcome> {
  const res = await call<never>(t, 'POST', path, token(viewer), body);
  const answer = res.body as unknown as SearchAnswer;
  return listed(res.status, res.status === 200 ? answer.data.docs.map((d) => d.listingRefnum) : []);
}

/** The pivot search answers counts, not docs: the listing is there when its word counts one. */
async function pivotOutcome(viewer: Viewer, body: Record<string, unknown>): Promise<Outcome> {
  const res = await call<never>(t, 'POST', '/search/pivot', token(viewer), { q: orgWord, ...body });
  if (res.status !== 200) return res.status;
  return (res.body as unknown as SearchAnswer).data.totalElements > 0 ? 'sees it' : 'without it';
}

interface Row {
  call: string;
  run(viewer: Viewer): Promise<Outcome>;
  expected: Record<Viewer, Outcome>;
}

const nobody: Record<Viewer, Outcome> = {
  guest: 'without it',
  'non-member': 'without it',
  'other organisation': 'without it',
  member: 'without it',
  seller: 'without it',
};
const onlyItsSeller: Record<Viewer, Outcome> = { ...nobody, seller: 'sees it' };
/** An organisation's list (the flow's `orgRefnum` or `company`): members only, with the token. */
const itsMembers: Record<Viewer, Outcome> = {
  guest: 401,
  'non-member': 403,
  'other organisation': 403,
  member: 'sees it',
  seller: 'sees it',
};
/** Opened by its refnum: the same "not found" as no listing at all for everyone but its members and seller. */
const openedByMembers = (seller: Outcome, guest: Outcome = 401): Record<Viewer, Outcome> => ({
  guest,
  'non-member': 'not found',
  'other organisation': 'not found',
  member: 'sees it',
  seller,
});

const near = { zip: '10001', d: 50 };

const ROWS: Row[] = [
  // The public marketplace's lists: never an organisation's listing, whoever looks.
  { call: 'POST /search/srp', run: (v) => searchOutcome(v, '/search/srp', { q: orgWord, ...near }), expected: nobody },
  {
    call: 'POST /search/brp',
    run: (v) => searchOutcome(v, '/search/brp', { ...near, sortBy: 'newest', size: 100 }),
    expected: nobody,
  },
  { call: 'POST /search (general)', run: (v) => searchOutcome(v, '/search', { q: orgWord }), expected: nobody },
  { call: 'POST /search/pivot', run: (v) => pivotOutcome(v, {}), expected: nobody },
  {
    call: 'POST /search/category',
    run: (v) => searchOutcome(v, '/search/category', { categoryRefnum, ...near, size: 100 }),
    expected: nobody,
  },
  {
    call: 'POST /search/merch/v2 (home rails)',
    run: async (v) => {
      const res = await call<never>(t, 'POST', '/search/merch/v2', token(v), { ...near, size: 24 });
      const rails = (res.body as unknown as { carasoul_data: { docs: { listingRefnum: string }[] }[] }).carasoul_data;
      return listed(res.status, rails?.flatMap((rail) => rail.docs.map((d) => d.listingRefnum)) ?? []);
    },
    expected: nobody,
  },
  {
    call: 'GET /search/auto-suggest',
    run: async (v) => {
      const res = await call<never>(t, 'GET', `/search/auto-suggest?q=${orgWord}`, token(v));
      const suggestions = (res.body as unknown as { suggestions: { text: string }[] }).suggestions ?? [];
      if (res.status !== 200) return res.status;
      return suggestions.some((s) => s.text === orgTitle) ? 'sees it' : 'without it';
    },
    expected: nobody,
  },
  {
    call: 'GET /svc/listing/recentItems',
    run: async (v) => {
      const res = await call<{ docs: { listingRefnum: string }[] }>(
        t,
        'GET',
        '/svc/listing/recentItems?size=100',
        token(v),
      );
      return listed(res.status, res.body.data?.docs.map((d) => d.listingRefnum) ?? []);
    },
    expected: nobody,
  },
  {
    call: 'POST /svc/listing/bycategoryrefnum',
    run: async (v) => {
      const url = `/svc/listing/bycategoryrefnum?categoryRefnum=${categoryRefnum}&size=100`;
      const res = await call<{ docs: { listingRefnum: string }[] }>(t, 'POST', url, token(v));
      return listed(res.status, res.body.data?.docs.map((d) => d.listingRefnum) ?? []);
    },
    expected: nobody,
  },
  {
    call: 'GET /sitemap.xml',
    run: async (v) => {
      const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: authOf(v) });
      if (res.statusCode !== 200) return res.statusCode;
      return res.body.includes(`/${listingRefnum}<`) ? 'sees it' : 'without it';
    },
    expected: nobody,
  },
  // A person's listings: the seller's own, all of them; everyone else the public marketplace's.
  {
    call: 'POST /svc/listing/bysellerrefnum/v2',
    run: async (v) => {
      const url = `/svc/listing/bysellerrefnum/v2?sellerRefnum=${people.seller?.userRefnum}&size=100`;
      const res = await call<{ listings: { listingRefnum: string }[] }>(t, 'POST', url, token(v));
      return listed(res.status, res.body.data?.listings.map((d) => d.listingRefnum) ?? []);
    },
    expected: onlyItsSeller,
  },
  {
    call: 'GET /svc/users/listings (profile)',
    run: async (v) => {
      const url = `/svc/users/listings?userRefnum=${people.seller?.userRefnum}&size=50`;
      const res = await call<{ docs: { listingRefnum: string }[] }>(t, 'GET', url, token(v));
      return listed(res.status, res.body.data?.docs.map((d) => d.listingRefnum) ?? []);
    },
    expected: onlyItsSeller,
  },
  // The organisation flow's lists: its members only (no token 401, anyone else 403), only its listings.
  {
    call: 'POST /search/brp with orgRefnum',
    run: (v) => searchOutcome(v, '/search/brp', { ...near, orgRefnum: acme.refnum }),
    expected: itsMembers,
  },
  {
    call: 'POST /search/srp with orgRefnum',
    run: (v) => searchOutcome(v, '/search/srp', { q: orgWord, orgRefnum: acme.refnum }),
    expected: itsMembers,
  },
  {
    call: 'POST /search/category with orgRefnum',
    run: (v) => searchOutcome(v, '/search/category', { categoryRefnum, ...near, orgRefnum: acme.refnum }),
    expected: itsMembers,
  },
  {
    call: 'POST /search/category with company',
    run: (v) => searchOutcome(v, '/search/category', { categoryRefnum, ...near, company: acme.orgName }),
    expected: itsMembers,
  },
  {
    call: 'POST /search/pivot with orgRefnum',
    run: (v) => pivotOutcome(v, { orgRefnum: acme.refnum }),
    expected: itsMembers,
  },
  {
    // The general search leaves out the caller's own listings, in the flow as outside it.
    call: 'POST /search (general) with orgRefnum',
    run: (v) => searchOutcome(v, '/search', { q: orgWord, orgRefnum: acme.refnum }),
    expected: { ...itsMembers, seller: 'without it' },
  },
  // Opened by its refnum.
  {
    call: 'POST /svc/listing/detailListing/v2',
    run: async (v) => {
      const res = await detail(t, listingRefnum, token(v));
      if (res.status !== 200) return res.status;
      return res.body.data.itemAvailable ? 'sees it' : 'not found';
    },
    expected: openedByMembers('sees it', 'not found'),
  },
  {
    call: 'GET /svc/listing/deliveryoptions',
    run: async (v) =>
      opened((await call(t, 'GET', `/svc/listing/deliveryoptions?listingRefnum=${listingRefnum}`, token(v))).status),
    expected: openedByMembers('sees it', 'not found'),
  },
  {
    call: 'POST /svc/fav/create',
    run: async (v) =>
      opened((await call(t, 'POST', `/svc/fav/create?listingRefnum=${listingRefnum}`, token(v))).status),
    // Its seller may not save their own listing (400), which they can see.
    expected: openedByMembers(400),
  },
  {
    call: 'GET /svc/fav',
    run: async (v) => {
      const res = await call<{ data: { listingRefnum: string }[] }>(t, 'GET', '/svc/fav?size=100', token(v));
      return listed(res.status, res.body.data?.data.map((d) => d.listingRefnum) ?? []);
    },
    expected: { ...nobody, guest: 401, member: 'sees it' },
  },
  {
    call: 'GET /svc/fav/onlyRefnums',
    run: async (v) => {
      const res = await call<{ favRefnums: string[] }>(t, 'GET', '/svc/fav/onlyRefnums', token(v));
      return listed(res.status, res.body.data?.favRefnums ?? []);
    },
    expected: { ...nobody, guest: 401, member: 'sees it' },
  },
  {
    call: 'POST /svc/listing/reports/create',
    run: async (v) =>
      opened(
        (await call(t, 'POST', '/svc/listing/reports/create', token(v), { listingRefnum, reason: 'other' })).status,
      ),
    expected: openedByMembers(400),
  },
  {
    call: 'POST /svc/messages (about the listing)',
    run: async (v) => {
      const body = { listingRefnum, toRefnum: people.seller?.userRefnum, text: 'Is it still available?' };
      return opened((await call(t, 'POST', '/svc/messages', token(v), body)).status);
    },
    // Its seller writes only back to a buyer who wrote (400 for writing to themselves).
    expected: openedByMembers(400),
  },
  {
    call: 'POST /svc/offer/create/v2',
    run: async (v) =>
      opened((await call(t, 'POST', '/svc/offer/create/v2', token(v), { listingRefnum, offerPrice: 2000 })).status),
    // Its seller may not offer on their own listing (403).
    expected: openedByMembers(403),
  },
  {
    call: 'POST /svc/listing/bybuyerrefnum/v2 (buying dashboard)',
    run: async (v) => {
      const url = '/svc/listing/bybuyerrefnum/v2?buyFilter=OPEN_OFFFERS&size=100';
      const res = await call<{ listings: { listingRefnum: string }[] }>(t, 'POST', url, token(v));
      return listed(res.status, res.body.data?.listings.map((d) => d.listingRefnum) ?? []);
    },
    // The member made an offer just above; nobody else could.
    expected: { ...nobody, guest: 401, member: 'sees it' },
  },
  {
    call: 'GET /svc/offer/v2',
    run: async (v) => opened((await call(t, 'GET', `/svc/offer/v2?listingRefnum=${listingRefnum}`, token(v))).status),
    expected: openedByMembers('sees it'),
  },
  {
    call: 'POST /svc/payment/createPI (Buy Now)',
    run: async (v) => {
      // The seller has switched it from taking offers to Buy Now (the rows above made offers).
      await setBuyNow(t, listingRefnum, true);
      const body = { listingRefnum, deliveryMethod: 'pickup' };
      return opened(
        (await call(t, 'POST', '/svc/payment/createPI', token(v), body, { 'idempotency-key': randomUUID() })).status,
      );
    },
    // Its seller may not buy their own listing (403).
    expected: openedByMembers(403),
  },
];

function authOf(viewer: Viewer): Record<string, string> {
  const bearer = token(viewer);
  return bearer ? { authorization: `Bearer ${bearer}` } : {};
}

describe('an organisation’s listing, through every call that reads listings (issue 23)', () => {
  for (const row of ROWS) {
    it(`${row.call}: ${VIEWERS.map((v) => `${v} ${row.expected[v]}`).join(', ')}`, async () => {
      const outcomes: Partial<Record<Viewer, Outcome>> = {};
      // One viewer after another, in the table's order: a member's offer comes before its seller's list of offers.
      for (const viewer of VIEWERS) outcomes[viewer] = await row.run(viewer);
      expect(outcomes).toEqual(row.expected);
    });
  }
});

describe('the public marketplace and the organisation’s', () => {
  it('everyone still finds the public listing of the same seller; the organisation’s search lists only its own', async () => {
    for (const viewer of VIEWERS) {
      const res = await call<never>(t, 'POST', '/search/srp', token(viewer), { q: publicWord });
      const docs = (res.body as unknown as SearchAnswer).data.docs.map((d) => d.listingRefnum);
      expect(docs, viewer).toEqual([publicRefnum]);
    }
    const inFlow = await call<never>(t, 'POST', '/search/brp', token('member'), { ...near, orgRefnum: acme.refnum });
    expect((inFlow.body as unknown as SearchAnswer).data.docs.map((d) => d.listingRefnum)).toEqual([listingRefnum]);
  });

  it('the item page names the organisation’s marketplace to its members, and nothing to the public', async () => {
    const seen = await detail(t, listingRefnum, token('member'));
    expect(seen.body.data.listing).toMatchObject({ orgRefnum: acme.refnum, orgName: acme.orgName });
    const open = await detail(t, publicRefnum, token('member'));
    expect(open.body.data.listing).toMatchObject({ orgRefnum: null, orgName: null });
    // A guest gets exactly what a listing that does not exist answers.
    const missing = await detail(t, 'L0000000000000000', undefined);
    expect((await detail(t, listingRefnum, undefined)).body).toEqual(missing.body);
  });

  it('an admin sees it by its refnum (the console links there)', async () => {
    const moderator = await admin(t);
    expect((await detail(t, listingRefnum, moderator.token)).body.data.itemAvailable).toBe(true);
  });

  it('the organisation’s search without a token says why', async () => {
    const res = await call<never>(t, 'POST', '/search/category', undefined, { categoryRefnum, orgRefnum: acme.refnum });
    expect(res.status).toBe(401);
    expect(res.body.msg).toBe(organisationFlowMessages.signInToSee);
  });
});

describe('listing in an organisation’s marketplace (POST /svc/listings/create/v2 with orgRefnum)', () => {
  async function formOf(person: LoginData, ref?: string) {
    return goodForm(t, ref ?? (await draftRef(t, person.token)), {
      orgRefnum: acme.refnum,
      listingTitle: 'Not theirs',
    });
  }
  const refusal = {
    code: 403,
    msg: organisationFlowMessages.notMember,
    errors: [{ field: 'orgRefnum', message: organisationFlowMessages.notMember }],
  };

  it('is refused to anyone but its members, with nothing written', async () => {
    const inReview = await b2bOrganisation(t, { status: 'IN_REVIEW' });
    const notB2B = await b2bOrganisation(t, { isB2B: false });
    // A member of an organisation IN_REVIEW may not even open a form: this one opened it before joining.
    const reviewed = await signedUp(t, freshEmail('reviewed'));
    const openedBefore = await draftRef(t, reviewed.token);
    await verifyWorkEmail(t, reviewed, `reviewed@${inReview.domain}`);
    const attempts: [LoginData, string | undefined][] = [
      [people['non-member'] as LoginData, undefined],
      [people['other organisation'] as LoginData, undefined],
      [reviewed, openedBefore],
      [await memberOf(t, notB2B, 'plain'), undefined],
    ];
    for (const [person, ref] of attempts) {
      const before = await t.database.db.$count(listings);
      const res = await createListing(t, person.token, await formOf(person, ref));
      expect(res.statusCode, res.body).toBe(403);
      expect(JSON.parse(res.body)).toEqual(refusal);
      expect(await t.database.db.$count(listings)).toBe(before);
    }
  });

  it('keeps its organisation through a draft, its publishing and an edit', async () => {
    const member = people.member as LoginData;
    const ref = await draftRef(t, member.token);
    const saved = await createListing(t, member.token, {
      ...(await goodForm(t, ref, { orgRefnum: acme.refnum, listingTitle: 'Walnut tray' })),
      draft: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const refnum = (JSON.parse(saved.body) as { data: { listingRefnum: string } }).data.listingRefnum;
    // Published and edited from its edit form, which need not name the organisation again.
    const editRef = await draftRef(t, member.token, refnum);
    const published = await createListing(t, member.token, await goodForm(t, editRef, { listingTitle: 'Walnut tray' }));
    expect(published.statusCode, published.body).toBe(200);
    const edited = await createListing(
      t,
      member.token,
      await goodForm(t, await draftRef(t, member.token, refnum), { listingTitle: 'Walnut serving tray' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const [row] = await t.database.db.select().from(listings).where(eq(listings.refnum, refnum));
    expect(row).toMatchObject({ organizationId: acme.id, state: 'live', title: 'Walnut serving tray' });
    expect((await detail(t, refnum, token('non-member'))).body.data.itemAvailable).toBe(false);
  });
});
