import { PHOTO_SIZES } from '@yardly/shared/contract';
import sharp from 'sharp';

export type PhotoVariant = { w: number; h?: number };

/** A photo to read: its bytes, or the path of the temporary file an upload was streamed to (upload.ts). */
export type PhotoInput = Buffer | string;

// Uploads are read from temporary files that are deleted at once: libvips must not keep them
// open in its cache (a deleted file held open still takes its disk space).
sharp.cache({ files: 0 });

const VARIANTS: PhotoVariant[] = Object.values(PHOTO_SIZES);

/** The offered size a request names (`?w=&h=`), or undefined. */
export function findVariant(w: number | undefined, h: number | undefined): PhotoVariant | undefined {
  return VARIANTS.find((v) => v.w === w && v.h === h);
}

export function describeVariants(): string {
  return VARIANTS.map((v) => (v.h ? `w=${v.w}&h=${v.h}` : `w=${v.w}`)).join(', ');
}

/** Pixel limit for uploads: refuse decompression bombs before decoding them. */
export const MAX_INPUT_PIXELS = 40_000_000;
const MAX_STORED_EDGE = 1600;

/**
 * Normalise a photo for storage: decode by content (not by name), apply the EXIF rotation,
 * drop all metadata (EXIF, GPS), bound the size and re-encode as JPEG.
 */
export async function normalisePhoto(input: PhotoInput): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ width: MAX_STORED_EDGE, height: MAX_STORED_EDGE, fit: 'inside', withoutEnlargement: true })
    // Plain libjpeg with optimised Huffman tables: mozjpeg made files about 10% smaller but took
    // 3-5 times as long on a 12-megapixel upload (bench/photo-upload.ts), which people wait for.
    .jpeg({ quality: 82, optimiseCoding: true })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** A stored photo at one of the PHOTO_VARIANTS sizes. */
export async function renderVariant(input: Buffer, variant: PhotoVariant): Promise<Buffer> {
  return sharp(input)
    .resize({
      width: variant.w,
      height: variant.h,
      fit: variant.h ? 'cover' : 'inside',
      withoutEnlargement: !variant.h,
    })
    .jpeg({ quality: 78, mozjpeg: true })
    .toBuffer();
}
