import type { LoginData } from '@yardly/shared/contract';
import type { UserRole } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema/index';
import type { TestApp } from './harness';

/** Give a signed-up person these roles (the api reads roles from the account on every call). */
export async function withRoles(t: TestApp, login: LoginData, roles: UserRole[]): Promise<LoginData> {
  await t.database.db.update(users).set({ roles }).where(eq(users.refnum, login.userRefnum));
  return login;
}
