import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { newRefnum } from '../../db/refnum';
import { socialIdentities, users } from '../../db/schema/index';
import { findUserByEmail, isAdmin, type UserRow } from '../auth/users';
import type { ProviderIdentity } from './id-token';
import { SignInError } from './sign-in-error';

/**
 * The provider vouched for no email (none shared, or not verified) and no account knows this
 * identity yet: the person may prove an email by code to go on (social/service.ts).
 */
export class EmailProofNeeded extends Error {
  override name = 'EmailProofNeeded';
  constructor(readonly identity: ProviderIdentity) {
    super('the provider vouched for no email');
  }
}

/** Names are stored at most this long (the sign-up form's limit). */
const NAME_MAX = 20;

/**
 * The account a provider identity signs into. Known (issuer, subject): its account. Otherwise
 * an account with the same email is linked only when both sides have verified that email (so
 * nobody takes over an account, or pre-plants one, with an address they do not own); with no
 * such account, a new one is made, and only for an address the provider has verified. Without
 * a vouched email, EmailProofNeeded: the person proves one by code, then comes back here with it.
 */
export async function accountFor(db: Db, identity: ProviderIdentity): Promise<{ user: UserRow; isNewUser: boolean }> {
  try {
    return await resolve(db, identity);
  } catch (error) {
    // The same person finishing two sign-ins at once: the other one just linked or created it.
    if (isUniqueViolation(error)) return resolve(db, identity);
    throw error;
  }
}

async function resolve(db: Db, identity: ProviderIdentity) {
  const found = await db.transaction(async (tx) => {
    const [linked] = await tx
      .select({ user: users })
      .from(socialIdentities)
      .innerJoin(users, eq(users.id, socialIdentities.userId))
      .where(and(eq(socialIdentities.issuer, identity.issuer), eq(socialIdentities.subject, identity.subject)));
    if (linked) return { user: linked.user, isNewUser: false };

    if (!identity.email || !identity.emailVerified) throw new EmailProofNeeded(identity);
    const local = await findUserByEmail(tx, identity.email);
    if (local) {
      if (isAdmin(local)) throw new SignInError('admin_needs_password', 'admin account');
      if (!local.emailVerifiedAt) throw new SignInError('account_exists', 'same email, never verified here');
      await tx.insert(socialIdentities).values(identityRow(identity, local.id));
      return { user: local, isNewUser: false };
    }

    const { nameFirst, nameLast } = namesOf(identity);
    const [user] = await tx
      .insert(users)
      .values({
        refnum: newRefnum('user'),
        email: identity.email,
        nameFirst,
        nameLast,
        isProgressive: false,
        emailVerifiedAt: new Date(),
      })
      .returning();
    if (!user) throw new Error('social sign-up wrote no user');
    await tx.insert(socialIdentities).values(identityRow(identity, user.id));
    return { user, isNewUser: true };
  });
  if (isAdmin(found.user)) throw new SignInError('admin_needs_password', 'admin account');
  return found;
}

function identityRow(identity: ProviderIdentity, userId: number) {
  return { issuer: identity.issuer, subject: identity.subject, userId, email: identity.email ?? null };
}

/** given_name and family_name, else the full name split at its first space; at most 20 characters each. */
export function namesOf(identity: Pick<ProviderIdentity, 'givenName' | 'familyName' | 'name'>) {
  let first = identity.givenName ?? '';
  let last = identity.familyName ?? '';
  if (!first && !last && identity.name) {
    const [head = '', ...rest] = identity.name.trim().split(/\s+/);
    first = head;
    last = rest.join(' ');
  }
  return { nameFirst: first.trim().slice(0, NAME_MAX).trim(), nameLast: last.trim().slice(0, NAME_MAX).trim() };
}

function isUniqueViolation(error: unknown): boolean {
  const code = (e: unknown) => (e as { code?: unknown } | null)?.code;
  return code(error) === '23505' || code((error as { cause?: unknown } | null)?.cause) === '23505';
}
