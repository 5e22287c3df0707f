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

/** The console roles a person of the tests gets by name: `admin` is a ROLE_ADMIN, `limited` a limited admin. */
const CONSOLE_ROLES: Record<string, UserRole[]> = {
  admin: ['ROLE_USER', 'ROLE_ADMIN'],
  limited: ['ROLE_USER', 'ROLE_LIMITED_ADMIN'],
};

/**
 * One fresh signed-up person per name, signed up in the order given (each email starts with its
 * name); `admin` and `limited` also get their console roles.
 */
export async function signedUpPeople<Name extends string>(
  t: TestApp,
  ...names: Name[]
): Promise<Record<Name, LoginData>> {
  const people = {} as Record<Name, LoginData>;
  for (const name of names) {
    const person = await signedUp(t, freshEmail(name));
    const roles = CONSOLE_ROLES[name];
    people[name] = roles ? await withRoles(t, person, roles) : person;
  }
  return people;
}

/** The people of an order's tests: its seller and buyer, someone else, a ROLE_ADMIN and a limited admin. */
export function orderCast(t: TestApp) {
  return signedUpPeople(t, 'seller', 'buyer', 'other', 'admin', 'limited');
}
