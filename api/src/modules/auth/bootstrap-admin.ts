import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { newRefnum } from '../../db/refnum';
import { users } from '../../db/schema/index';
import { hashPassword } from './passwords';
import { findUserByEmail } from './users';

/** ADMIN_EMAIL and ADMIN_PASSWORD: create the first admin, or restore its password and ROLE_ADMIN. */
export async function bootstrapAdmin(
  db: Db,
  admin: { email: string; password: string },
): Promise<'created' | 'restored'> {
  const passwordHash = await hashPassword(admin.password);
  const existing = await findUserByEmail(db, admin.email);
  if (existing) {
    const roles = existing.roles.includes('ROLE_ADMIN') ? existing.roles : [...existing.roles, 'ROLE_ADMIN'];
    await db
      .update(users)
      .set({ passwordHash, roles, emailVerifiedAt: existing.emailVerifiedAt ?? new Date(), isProgressive: false })
      .where(eq(users.id, existing.id));
    return 'restored';
  }
  await db.insert(users).values({
    refnum: newRefnum('user'),
    email: admin.email,
    nameFirst: 'Yardly',
    nameLast: 'Admin',
    passwordHash,
    roles: ['ROLE_USER', 'ROLE_ADMIN'],
    emailVerifiedAt: new Date(),
  });
  return 'created';
}
