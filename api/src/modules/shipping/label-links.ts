import { createHmac, timingSafeEqual } from 'node:crypto';
import { shippingMessages } from '@yardly/shared/rules';
import { AppError } from '../../errors';
import { labelUrlOf } from './shipments';

/**
 * A label's PDF opens in a new tab, which carries no bearer token: the link its owner is given
 * is signed for them (HMAC with the server secret) and lives this long (docs/decisions/0044).
 */
export const LABEL_LINK_MINUTES = 5;

function signature(secret: Uint8Array, trackingNumber: string, ownerId: number, exp: number): Buffer {
  return createHmac('sha256', secret).update(`label-pdf:${trackingNumber}:${ownerId}:${exp}`).digest();
}

/** The label's URL for its owner (the seller of an outbound label, the buyer of a return label), signed until `now` + 5 minutes. */
export function signedLabelUrl(secret: Uint8Array, trackingNumber: string, ownerId: number, now: Date): string {
  const exp = Math.floor(now.getTime() / 1000) + LABEL_LINK_MINUTES * 60;
  const sig = signature(secret, trackingNumber, ownerId, exp).toString('base64url');
  return `${labelUrlOf(trackingNumber)}?exp=${exp}&sig=${sig}`;
}

/** Refuses (403) a link not signed for the label's owner, or signed more than 5 minutes ago. */
export function checkLabelLink(
  secret: Uint8Array,
  trackingNumber: string,
  ownerId: number,
  link: { exp?: string; sig?: string },
  now: Date,
): void {
  const exp = Number(link.exp);
  const given = Buffer.from(link.sig ?? '', 'base64url');
  const expected = Number.isSafeInteger(exp) ? signature(secret, trackingNumber, ownerId, exp) : null;
  if (!expected || given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new AppError(403, shippingMessages.labelLinkInvalid, { reason: 'bad_signature' });
  if (exp * 1000 <= now.getTime())
    throw new AppError(403, shippingMessages.labelLinkExpired, { reason: 'link_expired' });
}
