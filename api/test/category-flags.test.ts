import type { CategoryNode, CategoryRecord, LoginData } from '@yardly/shared/contract';
import { listingRuleMessages } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index';
import { json, startTestApp, type TestApp } from './harness';
import { freshEmail, signedUp } from './identity-helpers';
import { auth, createListing, draftRef, type Envelope, goodForm, subCategory } from './selling-helpers';

// The marketplace rules read the category's flags, which the console edits: ticking one switches
// its rule on whatever the category is called, and renaming a category keeps its rule.

let t: TestApp;
let admin: LoginData;
let seller: LoginData;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signedUp(t, freshEmail('admin'));
  await t.database.db
    .update(users)
    .set({ roles: ['ROLE_USER', 'ROLE_ADMIN'] })
    .where(eq(users.refnum, admin.userRefnum));
  // No verified work email: restricted electronics are refused to this seller.
  seller = await signedUp(t);
});
afterAll(() => t.close());

async function editCategory(refnum: string, change: Partial<CategoryRecord>) {
  const shown = await t.app.inject({
    method: 'GET',
    url: `/svc/admin/categories/${refnum}`,
    headers: auth(admin.token),
  });
  expect(shown.statusCode, shown.body).toBe(200);
  const { id: _id, listingCount: _count, ...record } = json<CategoryRecord>(shown);
  const saved = await t.app.inject({
    method: 'PUT',
    url: `/svc/admin/categories/${refnum}`,
    payload: { ...record, ...change },
    headers: auth(admin.token),
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

async function attempt(overrides: Parameters<typeof goodForm>[2]) {
  const res = await createListing(t, seller.token, await goodForm(t, await draftRef(t, seller.token), overrides));
  return { status: res.statusCode, errors: json<Envelope>(res).errors };
}

async function storefrontNode(refnum: string): Promise<CategoryNode | undefined> {
  const res = await t.app.inject({ method: 'GET', url: '/svc/categories/all' });
  const tree = json<Envelope<CategoryNode[]>>(res).data;
  return tree.flatMap((c) => [c, ...c.subCategories]).find((c) => c.categoryRefnum === refnum);
}

const restricted = [
  { field: 'shippable', message: listingRuleMessages.restrictedLocalOnly },
  { field: 'condition', message: listingRuleMessages.restrictedNeedsWorkEmail },
];

describe('restricted electronics', () => {
  it('switches on for a category whose title was never in the list when the console ticks the flag', async () => {
    const tv = await subCategory(t, 'TV & Video');
    const used = { categoryRefnum: tv, condition: 'used' as const };
    expect((await attempt(used)).status).toBe(200);
    expect((await storefrontNode(tv))?.restrictedElectronics).toBe(false);

    await editCategory(tv, { restrictedElectronics: true });
    expect(await attempt(used)).toEqual({ status: 400, errors: restricted });
    // The sell form reads the same flag from the categories call.
    expect((await storefrontNode(tv))?.restrictedElectronics).toBe(true);

    await editCategory(tv, { restrictedElectronics: false });
    expect((await attempt(used)).status).toBe(200);
  });

  it('stays on when a flagged category is renamed', async () => {
    const phones = await subCategory(t, 'Cell Phones');
    const used = { categoryRefnum: phones, condition: 'used' as const };
    expect(await attempt(used)).toEqual({ status: 400, errors: restricted });
    await editCategory(phones, { title: 'Mobile Phones' });
    expect(await attempt(used)).toEqual({ status: 400, errors: restricted });
  });
});

describe('donations', () => {
  const donation = { listingPrice: 0, shippable: false, donation: true };

  it('are taken in a category once the console allows them, and kept after a rename', async () => {
    const cookware = await subCategory(t, 'Cookware');
    const refused = {
      status: 400,
      errors: [{ field: 'categoryRefnum', message: listingRuleMessages.donationCategory }],
    };
    expect(await attempt({ ...donation, categoryRefnum: cookware })).toEqual(refused);

    const parent = (await t.app
      .inject({ method: 'GET', url: '/svc/categories/all' })
      .then((r) =>
        json<Envelope<CategoryNode[]>>(r).data.find((c) => c.subCategories.some((s) => s.categoryRefnum === cookware)),
      )) as CategoryNode;
    await editCategory(parent.categoryRefnum, { donationAllowed: true });
    expect((await attempt({ ...donation, categoryRefnum: cookware })).status).toBe(200);

    const books = await subCategory(t, 'Fiction');
    const booksParent = (await t.app
      .inject({ method: 'GET', url: '/svc/categories/all' })
      .then((r) =>
        json<Envelope<CategoryNode[]>>(r).data.find((c) => c.subCategories.some((s) => s.categoryRefnum === books)),
      )) as CategoryNode;
    await editCategory(booksParent.categoryRefnum, { title: 'Reading' });
    expect((await attempt({ ...donation, categoryRefnum: books })).status).toBe(200);
  });
});
