import { randomBytes } from 'node:crypto';
import { listingRuleMessages, MAX_PHOTO_BYTES } from '@yardly/shared/rules';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { AppError } from '../../errors';
import type { FileStore } from './file-store';
import { MAX_INPUT_PIXELS, normalisePhoto } from './images';

/** The form fields a photo may arrive in (spec: "body photo"; `file` as the profile picture uses). */
const PHOTO_FIELDS = new Set(['photo', 'file']);

/**
 * The one photo of a multipart request, read whole (at most 10 MB: the multipart limit stops
 * reading beyond it). Answers 400 with the spec's messages for a missing or oversized photo.
 * `fields`: the form fields it may arrive in (a logo's call also takes `logo`).
 */
export async function readPhotoPart(
  request: FastifyRequest,
  fields: ReadonlySet<string> = PHOTO_FIELDS,
): Promise<Buffer> {
  if (!request.isMultipart()) throw AppError.badRequest('Send the photo as multipart/form-data', 'photo');
  // A body the parser cannot read (cut short, no or a wrong boundary) is the caller's mistake, not a 500.
  const unreadable = () => AppError.badRequest('Choose a photo to upload', 'photo');
  const part = await request.file({ limits: { fileSize: MAX_PHOTO_BYTES, files: 1 } }).catch(() => {
    throw unreadable();
  });
  if (!part || !fields.has(part.fieldname)) throw unreadable();
  const data = await part.toBuffer().catch((error: { code?: string }) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw AppError.badRequest(listingRuleMessages.photoTooLarge, 'photo');
    throw unreadable();
  });
  if (part.file.truncated) throw AppError.badRequest(listingRuleMessages.photoTooLarge, 'photo');
  return data;
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
export async function storePhoto(store: FileStore, data: Buffer, area: string, owner: string): Promise<StoredPhoto> {
  // sharp throws at once, not in its promise, on an empty file.
  const format = await Promise.resolve()
    .then(() => sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata())
    .then((m) => m.format)
    .catch(() => undefined);
  if (format !== 'jpeg' && format !== 'png') throw AppError.badRequest(listingRuleMessages.photoType, 'photo');
  const photo = await normalisePhoto(data).catch(() => {
    throw AppError.badRequest(listingRuleMessages.photoUnreadable, 'photo');
  });
  const key = `${area}/${owner}/${Date.now().toString(36)}${randomBytes(6).toString('hex')}.jpg`;
  await store.put(key, photo.data);
  return { key, width: photo.width, height: photo.height };
}
