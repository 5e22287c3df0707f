import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'; // Crockford base32

/** Kinds of public id: the first letter says what a refnum names. */
export const REFNUM_PREFIX = {
  user: 'U',
  listing: 'L',
  category: 'C',
  organization: 'O',
  draft: 'D',
  offer: 'F',
  conversation: 'T',
  message: 'M',
  address: 'A',
  card: 'K',
  order: 'R',
  return: 'N',
  rental: 'P',
  rentalDraft: 'Q',
  donationOrder: 'G',
  reward: 'W',
  savedSearch: 'S',
} as const;

/** A new opaque public id: a type letter and 11 random base32 characters (55 bits). */
export function newRefnum(kind: keyof typeof REFNUM_PREFIX): string {
  const bytes = randomBytes(11);
  let out: string = REFNUM_PREFIX[kind];
  for (const byte of bytes) out += ALPHABET[byte & 31];
  return out;
}
