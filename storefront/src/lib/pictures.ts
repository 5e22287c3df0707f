import { CARD_IMAGE } from '@yardly/shared/rules';

/** Shown when a listing has no photo. */
export const PLACEHOLDER_PICTURE = '/placeholder.svg';

/** A listing photo at a given size: the api resizes `/svc/files/...` from the w and h query. */
export function pictureUrl(url: string | null | undefined, size: { w: number; h?: number }): string {
  if (!url) return PLACEHOLDER_PICTURE;
  const params = new URLSearchParams({ w: String(size.w) });
  if (size.h) params.set('h', String(size.h));
  return `${url}${url.includes('?') ? '&' : '?'}${params.toString()}`;
}

/** Card pictures are requested at 253 by 210 (spec section 2). */
export function cardPictureUrl(url: string | null | undefined): string {
  return pictureUrl(url, { w: CARD_IMAGE.width, h: CARD_IMAGE.height });
}
