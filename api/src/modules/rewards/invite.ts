import {
  INVITES_PER_RECIPIENT_DAYS,
  MAX_INVITES_PER_DAY,
  MAX_INVITES_PER_RECIPIENT,
  normaliseEmail,
  referralPath,
  rewardMessages,
} from '@yardly/shared/rules';
import { and, eq, gt, sql } from 'drizzle-orm';
import { addMs } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { inviteRefusals, referralInvites, users } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import type { Mailer } from '../mail/mailer';
import { escapeHtml } from '../mail/templates';
import { noInvitesUrl } from '../referrals/refusals';

/** Advisory lock space of "a person's invitations are being counted". */
const INVITE_LOCK_SPACE = 722_023;
/** Advisory lock space of "the invitations to an address are being counted". */
const RECIPIENT_LOCK_SPACE = 722_034;
const DAY_MS = 24 * 60 * 60_000;

export interface InviteDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  /** The server secret: the mail's stop-invitations link is signed with it. */
  secret: Uint8Array;
}

/**
 * Mails a friend the caller's referral link (issue 22), recorded in one transaction with the
 * mail queued: never to the caller (their address as Gmail reads it), never to an address that
 * has an account, at most MAX_INVITES_PER_DAY in any 24 hours (counted under a lock, so two at
 * once cannot both be the 21st).
 */
export async function inviteFriend(deps: InviteDeps, caller: Caller, email: string, now: Date) {
  const normalised = normaliseEmail(email);
  await deps.db.transaction(async (tx) => {
    const [me] = await tx
      .select({ email: users.email, nameFirst: users.nameFirst, refnum: users.refnum })
      .from(users)
      .where(eq(users.id, caller.userId));
    if (!me) throw AppError.notFound('Your account was not found');
    if (normaliseEmail(me.email) === normalised) throw AppError.badRequest(rewardMessages.inviteSelf, 'email');
    const [member] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
    if (member) throw new AppError(409, rewardMessages.alreadyMember, { field: 'email', reason: 'already_member' });

    await tx.execute(
      sql`select pg_advisory_xact_lock(${INVITE_LOCK_SPACE}, (${caller.userId}::bigint % 2147483647)::int)`,
    );
    const [sent] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(referralInvites)
      .where(and(eq(referralInvites.inviterId, caller.userId), gt(referralInvites.createdAt, addMs(now, -DAY_MS))));
    if ((sent?.n ?? 0) >= MAX_INVITES_PER_DAY) {
      throw new AppError(429, rewardMessages.tooManyInvites, { field: 'email', reason: 'too_many_invites' });
    }
    // The address's own say (issue 34): it refused invitations, or has had enough of them lately.
    const [refused] = await tx
      .select({ at: inviteRefusals.refusedAt })
      .from(inviteRefusals)
      .where(eq(inviteRefusals.emailNormalised, normalised));
    if (refused)
      throw new AppError(409, rewardMessages.recipientRefused, { field: 'email', reason: 'invites_refused' });
    await tx.execute(sql`select pg_advisory_xact_lock(${RECIPIENT_LOCK_SPACE}, hashtext(${normalised}))`);
    const [received] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(referralInvites)
      .where(
        and(
          eq(referralInvites.emailNormalised, normalised),
          gt(referralInvites.createdAt, addMs(now, -INVITES_PER_RECIPIENT_DAYS * DAY_MS)),
        ),
      );
    if ((received?.n ?? 0) >= MAX_INVITES_PER_RECIPIENT) {
      throw new AppError(429, rewardMessages.recipientInvitedEnough, { field: 'email', reason: 'recipient_invited' });
    }
    await tx
      .insert(referralInvites)
      .values({ inviterId: caller.userId, email: email.trim(), emailNormalised: normalised, createdAt: now });
    const link = `${deps.publicUrl}${referralPath(me.nameFirst, me.refnum)}`;
    const stop = noInvitesUrl(deps.publicUrl, deps.secret, normalised);
    await deps.mailer.send({ to: email.trim(), ...inviteMail(me.nameFirst || 'A friend', link, stop) }, { db: tx });
  });
  return { success: true as const };
}

function inviteMail(name: string, link: string, stop: string) {
  const subject = `${name} invited you to Yardly: get $5.00 for your first listing`;
  const text =
    `${name} invited you to Yardly, the marketplace to buy, sell, donate and rent near you.\n\n` +
    `Sign up through this link and post your first listing: you both get a $5.00 reward.\n\n${link}\n\n` +
    `--\nNot interested? Stop all invitations to this address: ${stop}\n`;
  const html =
    `<p>${escapeHtml(name)} invited you to Yardly, the marketplace to buy, sell, donate and rent near you.</p>` +
    `<p>Sign up through this link and post your first listing: you both get a $5.00 reward.</p>` +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` +
    `<p style="font-size: 12px; color: #57534e;">Not interested? <a href="${escapeHtml(stop)}">Stop all invitations to this address</a>.</p>`;
  // A mail client's unsubscribe button stops them too (RFC 8058, one POST).
  const headers = { 'List-Unsubscribe': `<${stop}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
  return { subject, text, html, headers };
}
