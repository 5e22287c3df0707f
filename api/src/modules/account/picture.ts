import { randomBytes } from 'node:crypto';
import { pictureMessages } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import sharp, { type Metadata } from 'sharp';
import type { Db } from '../../db/connect';
import { users } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { FileStore } from '../files/file-store';
import { MAX_INPUT_PIXELS, normalisePhoto, type PhotoInput } from '../files/images';
import { fileUrl } from '../files/urls';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

/**
 * Checks an upload by its content: a known raster format (no SVG, whatever the name says),
 * a sane pixel count read from the header before decoding, then a full decode.
 */
export async function readPicture(input: PhotoInput): Promise<Buffer> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw AppError.badRequest(pictureMessages.notImage, 'file');
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw AppError.badRequest(pictureMessages.notImage, 'file');
  if (!meta.width || !meta.height || meta.width * meta.height > MAX_INPUT_PIXELS) {
    throw AppError.badRequest(pictureMessages.tooManyPixels, 'file');
  }
  try {
    // Re-encoded without any metadata: EXIF and GPS never reach the stored file.
    return (await normalisePhoto(input)).data;
  } catch {
    throw AppError.badRequest(pictureMessages.unreadable, 'file');
  }
}

export function pictureService(db: Db, store: FileStore) {
  /**
   * Points the account at another picture (or none) and answers the one it replaced. The row
   * is locked so that two uploads at once each learn their true predecessor.
   */
  function swapPicture(userId: number, path: string | null): Promise<string | null> {
    return db.transaction(async (tx) => {
      const [row] = await tx.select({ path: users.picturePath }).from(users).where(eq(users.id, userId)).for('update');
      await tx.update(users).set({ picturePath: path }).where(eq(users.id, userId));
      return row?.path ?? null;
    });
  }

  /** The replaced file goes once nothing points at it; a failure leaves only an orphan file. */
  async function discard(path: string | null) {
    if (!path) return;
    await store.delete(path).catch((cause: unknown) => console.error('Could not delete an old profile picture', cause));
  }

  return {
    async upload(userId: number, userRefnum: string, input: PhotoInput) {
      const data = await readPicture(input);
      // A new name each time: served files are cached for good, so a name never changes content.
      const key = `profiles/${userRefnum}/${randomBytes(12).toString('hex')}.jpg`;
      await store.put(key, data);
      await discard(await swapPicture(userId, key));
      return { pictureUrl: fileUrl(key) };
    },

    async remove(userId: number) {
      const [row] = await db.select({ path: users.picturePath }).from(users).where(eq(users.id, userId));
      if (!row?.path) throw AppError.notFound('There is no profile picture to delete');
      await discard(await swapPicture(userId, null));
      return { pictureUrl: null };
    },
  };
}
