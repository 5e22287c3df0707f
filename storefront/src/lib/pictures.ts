import { type PhotoSize, photoUrl } from '@yardly/shared/contract';

/** Shown when a listing has no photo. */
export const PLACEHOLDER_PICTURE = '/placeholder.svg';

/** A listing photo at one of the sizes the api offers, or the placeholder. */
export function pictureUrl(url: string | null | undefined, size: PhotoSize): string {
  return url ? photoUrl(url, size) : PLACEHOLDER_PICTURE;
}

/** Card pictures are requested at 253 by 210 (spec section 2). */
export function cardPictureUrl(url: string | null | undefined): string {
  return pictureUrl(url, 'card');
}
