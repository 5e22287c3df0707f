import type { LoginData } from '@yardly/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRefnum } from '../src/db/refnum';
import { organizations } from '../src/db/schema/index';
import { callAs, listQuery } from './admin-helpers';
import { boughtNow } from './checkout-helpers';
import { json, startTestApp, type TestApp } from './harness';
import { freshEmail, signedUp } from './identity-helpers';
import { withRoles } from './role-helpers';
import { publishedListing } from './selling-helpers';

// Issue 34: react-admin's stock data provider asks `sort=["id","ASC"|"DESC"]` and the console shows
// each record's `id` (a refnum for most resources): the list must follow that id, not the rows' creation order.

let t: TestApp;
let admin: LoginData;

beforeAll(async () => {
  t = await startTestApp();
  admin = await withRoles(t, await signedUp(t, freshEmail('admin')), ['ROLE_USER', 'ROLE_ADMIN']);
  const seller = await signedUp(t, freshEmail('seller'));
  const buyer = await signedUp(t, freshEmail('buyer'));
  for (let i = 0; i < 3; i += 1) await boughtNow(t, buyer.token, await publishedListing(t, seller.token));
  for (let i = 0; i < 2; i += 1) await publishedListing(t, seller.token);
  // Organisations made in the reverse of their refnums' order: creation order is the wrong answer here for sure.
  const refnums = [newRefnum('organization'), newRefnum('organization'), newRefnum('organization')].sort().reverse();
  for (const [i, refnum] of refnums.entries()) {
    await t.database.db.insert(organizations).values({ refnum, name: `Sorted Org ${i}`, status: 'VERIFIED' });
  }
});
afterAll(() => t?.close());

async function ids(resource: string, direction: 'ASC' | 'DESC'): Promise<(string | number)[]> {
  const res = await callAs(
    t,
    'GET',
    `/svc/admin/${resource}${listQuery({ sort: ['id', direction], range: [0, 999] })}`,
    admin.token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return json<{ id: string | number }[]>(res).map((record) => record.id);
}

/** The order a person sorting the shown ids gets: numbers by value, refnums by their characters. */
function sorted(values: (string | number)[]): (string | number)[] {
  return [...values].sort((a, b) =>
    typeof a === 'number' && typeof b === 'number' ? a - b : String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0,
  );
}

describe('console lists sorted by id follow the id shown', () => {
  it.each(['users', 'listings', 'categories', 'orders', 'organizations'])(
    '%s: ["id","ASC"] ascends and ["id","DESC"] descends by the shown id',
    async (resource) => {
      const ascending = await ids(resource, 'ASC');
      expect(ascending.length).toBeGreaterThanOrEqual(3);
      expect(ascending).toEqual(sorted(ascending));
      expect(await ids(resource, 'DESC')).toEqual(sorted(ascending).reverse());
    },
  );

  it('every other console list a ROLE_ADMIN may read sorts by its shown id too', async () => {
    for (const resource of [
      'reports',
      'rentals',
      'rental-reports',
      'rental-properties',
      'conversations',
      'banners',
      'work-email-domains',
      'audit-log',
      'payouts',
      'reviews',
      'returns',
      'rewards',
      'referral-farming',
      'b2b',
      'employee-benefit',
      'employee-benefit-report',
    ]) {
      const ascending = await ids(resource, 'ASC');
      expect(ascending, resource).toEqual(sorted(ascending));
      expect(await ids(resource, 'DESC'), resource).toEqual(sorted(ascending).reverse());
    }
  });
});
