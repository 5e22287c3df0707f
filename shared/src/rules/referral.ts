/**
 * Referral links (spec: /refer-a-friend/:referer_name). The segment is the referrer's first
 * name for people to read, then their user refnum, which is what identifies them.
 */

const REFNUM_AT_END = /(U[0-9A-HJKMNP-TV-Z]{11})$/;

/** '/refer-a-friend/ann-U0123456789A'. */
export function referralPath(nameFirst: string, userRefnum: string): string {
  const slug = nameFirst
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `/refer-a-friend/${slug ? `${slug}-` : ''}${userRefnum}`;
}

/** The referrer's user refnum named by a referral segment, or null when it names none. */
export function referrerRefnumOf(segment: string): string | null {
  return REFNUM_AT_END.exec(segment.trim().toUpperCase())?.[1] ?? null;
}
