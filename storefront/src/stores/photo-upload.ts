import { atom, type ReadableAtom } from 'nanostores';

/**
 * The photo upload state of the form being filled (spec section 3: "photo upload state with
 * picCount"): how many photos it holds, and which picture numbers are still on their way. The
 * form shows the count and does not save while a photo is uploading (it would be left out).
 */
export interface PhotoUploadState {
  picCount: number;
  uploading: readonly number[];
}

const $state = atom<PhotoUploadState>({ picCount: 0, uploading: [] });

export const $photoUpload: ReadableAtom<PhotoUploadState> = $state;

/** The form's photos as the api last answered them (on load, after an upload or a removal). */
export function countPhotos(picCount: number): void {
  $state.set({ ...$state.get(), picCount });
}

export function photoUploadStarted(picno: number): void {
  const state = $state.get();
  if (!state.uploading.includes(picno)) $state.set({ ...state, uploading: [...state.uploading, picno] });
}

/** An upload is over, sent or failed. */
export function photoUploadEnded(picno: number): void {
  const state = $state.get();
  $state.set({ ...state, uploading: state.uploading.filter((n) => n !== picno) });
}

/** Why saving waits, if it does: 'Wait for 1 photo to finish uploading'. */
export function photoUploadWait(state: PhotoUploadState): string | null {
  const count = state.uploading.length;
  if (count === 0) return null;
  return `Wait for ${count} ${count === 1 ? 'photo' : 'photos'} to finish uploading`;
}
