import { z } from 'zod';
import { refnumSchema } from './common';

/*
 * The photos of a listing's or a rental's form. Photos go to a working copy (its
 * `inputSourceRandomRefnum`) while the form is open, and the form's save takes them over; both
 * forms speak the same calls under their own paths and photo limits.
 */

/** A form's photo: its place (from 1) and where it is served. */
export const formPictureSchema = z.object({ picno: z.number().int(), url: z.string() });
export const formPictureListSchema = z.array(formPictureSchema);

/** A working copy and the photos it holds (the form's own photos when it edits a listing). */
export const workingCopySchema = z.object({ inputSourceRandomRefnum: refnumSchema, pictures: formPictureListSchema });

/** Which photo of a working copy a call is about: its place, 1 to the form's most photos. */
export function pictureQueryOf(maxPhotos: number) {
  return z.object({
    inputSourceRandomRefnum: refnumSchema,
    picno: z.coerce.number().int().min(1).max(maxPhotos),
  });
}

/** An upload's answer: the place the photo took, where it is served, and the working copy's photos now. */
export const uploadedPictureSchema = z.object({
  picno: z.number().int(),
  url: z.string(),
  pictures: formPictureListSchema,
});

/** The working copy's photos after one was removed. */
export const remainingPicturesSchema = z.object({ pictures: formPictureListSchema });
