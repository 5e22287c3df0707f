/**
 * The sizes a stored photo is served in: `/svc/files/<key>?w=&h=` (a whitelist, so variants
 * cannot fill the disk). A size with `h` is cropped to fill; without, it keeps its shape.
 */
export const PHOTO_SIZES = {
  /** Listing cards (spec section 2: requested at 253 by 210). */
  card: { w: 253, h: 210 },
  card2x: { w: 506, h: 420 },
  /** Gallery thumbnails, shown at 80 by 80. */
  thumb: { w: 160, h: 160 },
  large: { w: 800 },
  xlarge: { w: 1200 },
} as const satisfies Record<string, { w: number; h?: number }>;

export type PhotoSize = keyof typeof PHOTO_SIZES;

/** A photo URL at one of the offered sizes. */
export function photoUrl(url: string, size: PhotoSize): string {
  const { w, h } = PHOTO_SIZES[size] as { w: number; h?: number };
  return `${url}${url.includes('?') ? '&' : '?'}w=${w}${h ? `&h=${h}` : ''}`;
}
