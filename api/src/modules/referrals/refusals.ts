import { createHmac, timingSafeEqual } from 'node:crypto';
import { maskEmail } from '@yardly/shared/rules';
import type { Db } from '../../db/connect';
import { inviteRefusals } from '../../db/schema/index';
import { AppError } from '../../errors';
import { escapeHtml } from '../mail/templates';

/** Where an invitation's "stop all invitations" link points (a GET shows a button, a POST stops them). */
export const NO_INVITES_PATH = '/svc/referral/no-invites';

const sign = (secret: Uint8Array, normalised: string) =>
  createHmac('sha256', secret).update(`no-invites:${normalised}`).digest('base64url');

/** The link of an invitation to `normalised` (normaliseEmail): the address and its signature, no log-in needed. */
export function noInvitesUrl(publicUrl: string, secret: Uint8Array, normalised: string): string {
  const e = Buffer.from(normalised).toString('base64url');
  return `${publicUrl}${NO_INVITES_PATH}?e=${e}&t=${sign(secret, normalised)}`;
}

export const NO_INVITES_BAD_LINK = 'This link is not valid: open it again from the invitation email';

/** The address a link names, when its signature is right; 400 otherwise. */
export function addressOfLink(secret: Uint8Array, e: unknown, t: unknown): string {
  if (typeof e !== 'string' || typeof t !== 'string' || e.length > 400)
    throw AppError.badRequest(NO_INVITES_BAD_LINK, 't');
  const normalised = Buffer.from(e, 'base64url').toString('utf8');
  const expected = Buffer.from(sign(secret, normalised));
  const given = Buffer.from(t);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw AppError.badRequest(NO_INVITES_BAD_LINK, 't');
  }
  return normalised;
}

/** No member's invitation goes to this address from now on (once is enough: a second press changes nothing). */
export async function refuseInvites(db: Db, normalised: string, now: Date): Promise<void> {
  await db.insert(inviteRefusals).values({ emailNormalised: normalised, refusedAt: now }).onConflictDoNothing();
}

/** A page of its own (the api's CSP allows no style or script): the question, or that it is done. */
export function noInvitesPage(normalised: string, done: boolean): string {
  const who = escapeHtml(maskEmail(normalised));
  const body = done
    ? `<h1>No more invitations</h1><p>${who} will get no more invitations to Yardly from its members.</p>`
    : `<h1>Stop invitations to Yardly?</h1><p>Members of Yardly will no longer be able to invite ${who}.</p>` +
      `<form method="post"><button type="submit">Stop all invitations</button></form>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Yardly invitations</title></head><body>${body}</body></html>`;
}
