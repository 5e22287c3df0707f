import { PICTURE_MAX_BYTES, pictureMessages } from '@yardly/shared/rules';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors';

/** The `file` part of a multipart upload, whole; a missing, extra or oversized file is the caller's mistake. */
export async function readPictureUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw AppError.badRequest(pictureMessages.missing, 'file');
  try {
    const part = await request.file({ limits: { fileSize: PICTURE_MAX_BYTES, files: 1 } });
    if (part?.fieldname !== 'file') throw AppError.badRequest(pictureMessages.missing, 'file');
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, pictureMessages.tooLarge, { field: 'file' });
    // Any other failure is the parser's: a body cut short, no or a wrong boundary (a 500 before).
    throw AppError.badRequest(pictureMessages.missing, 'file');
  }
}
