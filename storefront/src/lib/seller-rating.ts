import type { Api } from '@yardly/shared/client';
import type { SellerRating } from '../components/item/SellerCard';
import { logFailure } from './log-failure';

/** The seller's rating as a seller (published reviews only); null when it could not be read (the card shows no stars). */
export async function loadSellerRating(api: Api, userRefnum: string): Promise<SellerRating> {
  try {
    return (await api.feedback.received({ userRefnum, asSeller: true, page: 0, size: 1 })).aggregate;
  } catch (cause) {
    logFailure(`storefront: could not load the rating of seller ${userRefnum}:`, cause);
    return null;
  }
}
