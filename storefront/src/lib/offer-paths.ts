/**
 * My Quest's offer addresses (spec section 2): `/offers/{encoded id}`. The id is the offer
 * thread key of spec section 3 (listingRefnum_buyerRefnum_sellerRefnum) for one buyer's
 * thread, or a listing's refnum alone for every thread on it (the seller's 'View Offers'),
 * encoded base64url so the address carries one opaque segment.
 */
import { fromBase64Url, toBase64Url } from './base64url';

/** What an encoded id names: a listing's offers, or one buyer's thread on it. */
export interface OfferThreadsRef {
  listingRefnum: string;
  /** Set for one thread; absent for every thread on the listing. */
  buyerRefnum?: string;
  sellerRefnum?: string;
}

const REFNUM = /^[A-Za-z0-9]{1,40}$/;

/** One buyer's offer thread, by its key (`offerThreadKey`). */
export function offerThreadPath(threadKey: string): string {
  return `/offers/${toBase64Url(threadKey)}`;
}

/** Every offer thread on a listing: where the seller's 'View Offers (n)' leads. */
export function listingOffersPath(listingRefnum: string): string {
  return `/offers/${toBase64Url(listingRefnum)}`;
}

/** The listing and thread an `/offers/{encoded id}` names; null for an id that names neither. */
export function decodeOfferId(id: string): OfferThreadsRef | null {
  const decoded = fromBase64Url(id);
  if (decoded === null) return null;
  const parts = decoded.split('_');
  if (!parts.every((part) => REFNUM.test(part))) return null;
  const [listingRefnum, buyerRefnum, sellerRefnum] = parts;
  if (parts.length === 1 && listingRefnum) return { listingRefnum };
  if (parts.length === 3 && listingRefnum && buyerRefnum && sellerRefnum) {
    return { listingRefnum, buyerRefnum, sellerRefnum };
  }
  return null;
}
