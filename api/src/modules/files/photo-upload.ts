import { randomBytes } from 'node:crypto';
import { listingRuleMessages, MAX_PHOTO_BYTES } from '@yardly/shared/rules';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { AppError } from '../../errors';
import type { FileStore } from './file-store';
import { MAX_INPUT_PIXELS, normalisePhoto, type PhotoInput } from './images';
import { type UploadRules, withUploadedFile } from './upload';

/** The form fields a photo may arrive in (spec: "body photo"; `file` as the profile picture uses). */
const PHOTO_FIELDS: ReadonlySet<string> = new Set(['photo', 'file']);

const photoRules = (fields: ReadonlySet<string>): UploadRules => ({
  fields,
  maxBytes: MAX_PHOTO_BYTES,
  notMultipart: () => AppError.badRequest('Send the photo as multipart/form-data', 'photo'),
  missing: () => AppError.badRequest('Choose a photo to upload', 'photo'),
  tooLarge: () => AppError.badRequest(listingRuleMessages.photoTooLarge, 'photo'),
});

/**
 * The one photo of a multipart request (at most 10 MB), streamed to a temporary file that `use`
 * gets to read (storePhoto) and that is gone afterwards. Answers 400 with the spec's messages for
 * a missing or oversized photo. `fields`: the form fields it may arrive in (a logo's call also takes `logo`).
 */
export function withPhotoUpload<T>(
  request: FastifyRequest,
  use: (photo: PhotoInput) => Promise<T>,
  fields: ReadonlySet<string> = PHOTO_FIELDS,
): Promise<T> {
  return withUploadedFile(request, photoRules(fields), use);
}

export interface StoredPhoto {
  key: string;
  width: number;
  height: number;
}

/**
 * Check a photo by its content (JPEG or PNG, whatever its name or declared type says), strip
 * its metadata, re-encode it and keep it under `area/owner/`.
 */
export async function storePhoto(
  store: FileStore,
  input: PhotoInput,
  area: string,
  owner: string,
): Promise<StoredPhoto> {
  // sharp throws at once, not in its promise, on an empty buffer; it reads only the header here.
  const format = await Promise.resolve()
    .then(() => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata())
    .then((m) => m.format)
    .catch(() => undefined);
  if (format !== 'jpeg' && format !== 'png') throw AppError.badRequest(listingRuleMessages.photoType, 'photo');
  const photo = await normalisePhoto(input).catch(() => {
    throw AppError.badRequest(listingRuleMessages.photoUnreadable, 'photo');
  });
  const key = `${area}/${owner}/${Date.now().toString(36)}${randomBytes(6).toString('hex')}.jpg`;
  await store.put(key, photo.data);
  return { key, width: photo.width, height: photo.height };
}
