import type { LoginData } from '@yardly/shared/contract';
import type { UserRole } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema/index';
import type { TestApp } from './harness';
import { freshEmail, signedUp } from './identity-helpers';

/** Give a signed-up person these roles (the api reads roles from the account on every call). */
export async function withRoles(t: TestApp, login: LoginData, roles: UserRole[]): Promise<LoginData> {
  await t.database.db.update(users).set({ roles }).where(eq(users.refnum, login.userRefnum));
  return login;
}

/** The people of an order's tests: its seller and buyer, someone else, a ROLE_ADMIN and a limited admin. */
export async function orderCast(t: TestApp) {
  return {
    seller: await signedUp(t, freshEmail('seller')),
    buyer: await signedUp(t, freshEmail('buyer')),
    other: await signedUp(t, freshEmail('other')),
    admin: await withRoles(t, await signedUp(t, freshEmail('admin')), ['ROLE_USER', 'ROLE_ADMIN']),
    limited: await withRoles(t, await signedUp(t, freshEmail('limited')), ['ROLE_USER', 'ROLE_LIMITED_ADMIN']),
  };
}
