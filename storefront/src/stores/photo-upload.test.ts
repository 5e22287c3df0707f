import { afterEach, describe, expect, it } from 'vitest';
import { $photoUpload, countPhotos, photoUploadEnded, photoUploadStarted, photoUploadWait } from './photo-upload';

describe('the photo upload state (spec section 3: picCount)', () => {
  afterEach(() => {
    countPhotos(0);
    for (const picno of $photoUpload.get().uploading) photoUploadEnded(picno);
  });

  it('counts the photos the api answered', () => {
    countPhotos(2);
    expect($photoUpload.get()).toEqual({ picCount: 2, uploading: [] });
  });

  it('makes saving wait while photos are on their way, and says so', () => {
    expect(photoUploadWait($photoUpload.get())).toBeNull();
    photoUploadStarted(1);
    expect(photoUploadWait($photoUpload.get())).toBe('Wait for 1 photo to finish uploading');
    photoUploadStarted(3);
    photoUploadStarted(3);
    expect(photoUploadWait($photoUpload.get())).toBe('Wait for 2 photos to finish uploading');

    photoUploadEnded(1);
    countPhotos(1);
    expect($photoUpload.get()).toEqual({ picCount: 1, uploading: [3] });
    // A failed upload ends too: nothing waits for it any more.
    photoUploadEnded(3);
    expect(photoUploadWait($photoUpload.get())).toBeNull();
  });
});
