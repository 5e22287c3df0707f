import { useStore } from '@nanostores/react';
import { ApiError, GENERIC_ERROR_MESSAGE } from '@yardly/shared/client';
import { photoUrl } from '@yardly/shared/contract';
import {
  FILE_INPUT_PLACEHOLDER,
  fileSize,
  MAX_PHOTOS,
  PHOTO_MIME_TYPES,
  photoRuleViolation,
} from '@yardly/shared/rules';
import { useEffect, useId, useState } from 'react';
import { browserApi } from '../../lib/api';
import { logFailure } from '../../lib/log-failure';
import {
  $photoUpload,
  countPhotos,
  photoUploadEnded,
  photoUploadStarted,
  photoUploadWait,
} from '../../stores/photo-upload';

export interface Picture {
  picno: number;
  url: string;
}

type SlotState =
  | { kind: 'uploading'; name: string; size: number }
  | { kind: 'deleting' }
  | { kind: 'error'; message: string };

/** Where a form's photos go: the sale listings' picture calls unless given (a rental's are its own). */
export interface PhotoCalls {
  upload: (file: File, query: { inputSourceRandomRefnum: string; picno: number }) => Promise<{ pictures: Picture[] }>;
  remove: (query: { inputSourceRandomRefnum: string; picno: number }) => Promise<{ pictures: Picture[] }>;
}

const LISTING_PHOTO_CALLS: PhotoCalls = {
  upload: (file, query) => browserApi.listings.uploadPicture(file, query),
  remove: (query) => browserApi.listings.deletePicture(query),
};

/** Why the form's Save and Publish wait, if they do: a photo still uploading would be left out. */
export function usePhotoUploadWait(): string | null {
  return photoUploadWait(useStore($photoUpload));
}

interface PhotoSlotsProps {
  draftRefnum: string;
  pictures: Picture[];
  onPictures: (pictures: Picture[]) => void;
  /** How many places: the sale listings' 4 unless given (rentals take 8). */
  max?: number;
  calls?: PhotoCalls;
  /** What the photos show, for their text alternative ('Item, view 2'). */
  subject?: string;
}

/**
 * The form's photo places (four for a sale, eight for a rental). Each upload and removal is tracked per picture number with its
 * loading, error and success (spec section 4); the rules are checked here before sending and
 * again by the api.
 */
export function PhotoSlots({
  draftRefnum,
  pictures,
  onPictures,
  max = MAX_PHOTOS,
  calls = LISTING_PHOTO_CALLS,
  subject = 'Item',
}: PhotoSlotsProps) {
  const slotNumbers = Array.from({ length: max }, (_, index) => index + 1);
  const [slots, setSlots] = useState<Record<number, SlotState | undefined>>({});
  const baseId = useId();
  const setSlot = (picno: number, state: SlotState | undefined) => setSlots((now) => ({ ...now, [picno]: state }));
  const { picCount } = useStore($photoUpload);

  useEffect(() => countPhotos(pictures.length), [pictures.length]);

  async function upload(picno: number, file: File) {
    // The type and size rules are the selling pipeline's; the count is this form's own.
    const problem = pictures.length >= max ? `You can add up to ${max} photos` : photoRuleViolation(file, 0);
    if (problem) {
      setSlot(picno, { kind: 'error', message: problem });
      return;
    }
    setSlot(picno, { kind: 'uploading', name: file.name, size: file.size });
    photoUploadStarted(picno);
    try {
      const answer = await calls.upload(file, { inputSourceRandomRefnum: draftRefnum, picno });
      onPictures(answer.pictures);
      setSlot(picno, undefined);
    } catch (cause) {
      logFailure('Photo upload failed', cause);
      setSlot(picno, { kind: 'error', message: cause instanceof ApiError ? cause.message : GENERIC_ERROR_MESSAGE });
    } finally {
      photoUploadEnded(picno);
    }
  }

  async function remove(picno: number) {
    setSlot(picno, { kind: 'deleting' });
    try {
      const answer = await calls.remove({ inputSourceRandomRefnum: draftRefnum, picno });
      onPictures(answer.pictures);
      setSlot(picno, undefined);
    } catch (cause) {
      logFailure('Photo removal failed', cause);
      setSlot(picno, { kind: 'error', message: cause instanceof ApiError ? cause.message : GENERIC_ERROR_MESSAGE });
    }
  }

  return (
    <fieldset className="photo-slots">
      <legend>
        Photos ({picCount} of {max})
      </legend>
      <p className="form-field__hint">
        {FILE_INPUT_PLACEHOLDER}: up to {max} photos, JPG or PNG, 10 MB each. The first is the main photo.
      </p>
      <ul>
        {slotNumbers.map((picno) => {
          const picture = pictures.find((p) => p.picno === picno);
          const state = slots[picno];
          const inputId = `${baseId}-photo-${picno}`;
          return (
            <li
              key={picno}
              className="photo-slot"
              aria-label={`Photo ${picno}`}
              aria-busy={state?.kind === 'uploading' || undefined}
            >
              {picture ? (
                <img src={photoUrl(picture.url, 'thumb')} alt={`${subject}, view ${picno}`} width={80} height={80} />
              ) : (
                <span className="photo-slot__empty">Photo {picno}</span>
              )}
              {state?.kind === 'uploading' && (
                <span className="photo-slot__progress">
                  <progress aria-label={`Uploading photo ${picno}`} />
                  Uploading {state.name} ({fileSize(state.size)})
                </span>
              )}
              {state?.kind === 'deleting' && <span className="photo-slot__progress">Removing…</span>}
              {state?.kind === 'error' && (
                <span className="field-error" role="alert">
                  {state.message}
                </span>
              )}
              {picture ? (
                <button
                  type="button"
                  className="link-button"
                  disabled={state !== undefined && state.kind !== 'error'}
                  onClick={() => void remove(picno)}
                >
                  Remove photo {picno}
                </button>
              ) : (
                <>
                  <label htmlFor={inputId} className="button button--small button--secondary">
                    Add photo {picno}
                  </label>
                  <input
                    id={inputId}
                    className="visually-hidden"
                    type="file"
                    accept={PHOTO_MIME_TYPES.join(',')}
                    disabled={state?.kind === 'uploading'}
                    onChange={(event) => {
                      const file = event.target.files?.[0];
                      event.target.value = '';
                      if (file) void upload(picno, file);
                    }}
                  />
                </>
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
