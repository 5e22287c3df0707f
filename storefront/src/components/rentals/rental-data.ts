import { type Api, ApiError } from '@yardly/shared/client';
import {
  isRefnum,
  isRentalRefnum,
  type RentalCard,
  type RentalDetail,
  type RentalProperties,
} from '@yardly/shared/contract';
import { logFailure } from '../../lib/log-failure';
import { parsePlaceCookie, type StoredLocation } from '../../stores/location';
import { type RentalListQuery, type RentalSearchResult, readRentalQuery, rentalSearchBody } from './rental-query';

/** A rental for its page: found, not there (404), or the api failed (the page says so, then goes to /rentals). */
export type RentalLoad = { kind: 'found'; rental: RentalDetail } | { kind: 'missing' } | { kind: 'error' };

/** Anything that is not a rental's refnum is missing without asking the api. */
export async function loadRental(api: Api, refnum: string | null | undefined): Promise<RentalLoad> {
  if (!refnum || !isRefnum(refnum) || !isRentalRefnum(refnum)) return { kind: 'missing' };
  try {
    const rental = await api.rentals.detail({ refnum });
    // Drafts and deleted places are not pages (the api answers 404 for them to anyone else).
    if (rental.rentalState === 'deleted' || rental.rentalState === 'draft') return { kind: 'missing' };
    return { kind: 'found', rental };
  } catch (cause) {
    if (cause instanceof ApiError && cause.status === 404) return { kind: 'missing' };
    logFailure(`storefront: could not load rental ${refnum}:`, cause);
    return { kind: 'error' };
  }
}

/** The console's attribute lists; null when the api cannot be reached (labels fall back to the shipped ones). */
export async function loadRentalProperties(api: Api): Promise<RentalProperties | null> {
  try {
    return await api.rentals.properties();
  } catch (cause) {
    logFailure('storefront: could not load the rental properties:', cause);
    return null;
  }
}

/** The newest places; null when the api failed. */
export async function loadRecentRentals(api: Api, size: number): Promise<RentalCard[] | null> {
  try {
    return (await api.rentals.recent({ page: 0, size })).docs;
  } catch (cause) {
    logFailure('storefront: could not load the newest rentals:', cause);
    return null;
  }
}

/** What the server rendered /rentalslist with, handed to the island so it starts from the same list. */
export interface RentalListStart {
  query: RentalListQuery;
  /** The visitor's place (its cookie), searched near when the address names no zip. */
  place: StoredLocation | null;
  /** Null: no zip to search near, or the api failed (`failed`). */
  result: RentalSearchResult | null;
  failed: boolean;
}

export async function loadRentalList(
  api: Api,
  search: string,
  placeCookie: string | undefined,
): Promise<RentalListStart> {
  const query = readRentalQuery(search);
  const place = parsePlaceCookie(placeCookie);
  const zip = query.zip ?? place?.zip ?? null;
  if (!zip) return { query, place, result: null, failed: false };
  try {
    return { query, place, result: await api.rentals.search(rentalSearchBody(query, zip)), failed: false };
  } catch (cause) {
    logFailure('storefront: could not load the rentals list', cause);
    return { query, place, result: null, failed: true };
  }
}
