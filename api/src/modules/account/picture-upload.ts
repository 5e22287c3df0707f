import { PICTURE_MAX_BYTES, pictureMessages } from '@yardly/shared/rules';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import type { PhotoInput } from '../files/images';
import { type UploadRules, withUploadedFile } from '../files/upload';

const missing = () => AppError.badRequest(pictureMessages.missing, 'file');

const pictureRules: UploadRules = {
  fields: new Set(['file']),
  maxBytes: PICTURE_MAX_BYTES,
  notMultipart: missing,
  missing,
  tooLarge: () => new AppError(413, pictureMessages.tooLarge, { field: 'file' }),
};

/**
 * The `file` part of a multipart upload, streamed to a temporary file that `use` reads; a
 * missing, extra or oversized file is the caller's mistake.
 */
export function withPictureUpload<T>(request: FastifyRequest, use: (picture: PhotoInput) => Promise<T>): Promise<T> {
  return withUploadedFile(request, pictureRules, use);
}
