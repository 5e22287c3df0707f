/** Display helpers for text: truncation, email masking, capitalisation (spec sections 2 and 5). */

/** Breadcrumbs and titles longer than this many characters are cut (spec section 9). */
export const TRUNCATE_AT = 37;
export const ELLIPSIS = '...';

/**
 * Cuts text longer than `max` characters to `max` and adds '...'. Counts Unicode code points,
 * so an emoji is never split in half. null and undefined give ''.
 */
export function truncate(text: string | null | undefined, max: number = TRUNCATE_AT): string {
  if (text === null || text === undefined) return '';
  const chars = Array.from(text);
  return chars.length > max ? chars.slice(0, max).join('') + ELLIPSIS : text;
}

/**
 * Replaces every character between the first one and the one before the @ with '*':
 * 'johndoe@x.com' → 'j*****e@x.com'. Local parts of one or two characters have nothing between
 * and come back unchanged; so does a value without an @ or with nothing before it.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  const local = Array.from(email.slice(0, at));
  if (local.length <= 2) return email;
  const masked = `${local[0]}${'*'.repeat(local.length - 2)}${local[local.length - 1]}`;
  return masked + email.slice(at);
}

/**
 * Capitalises the first letter of each word ('home decor' → 'Home Decor'). A word starts after
 * a space, '/', '-' or '('; the other letters are left as they are, so 'PC' stays 'PC' and
 * "don't" does not become "Don'T".
 */
export function capitalize(text: string): string {
  return text.replace(
    /(^|[\s/(-])(\p{Ll})/gu,
    (_match, before: string, letter: string) => before + letter.toUpperCase(),
  );
}
