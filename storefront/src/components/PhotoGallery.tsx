import { useState } from 'react';
import { PLACEHOLDER_PICTURE, pictureUrl } from '../lib/pictures';

/** Sizes the gallery asks the api for. */
export const GALLERY_MAIN = { w: 800, h: 600 } as const;

interface PhotoGalleryProps {
  title: string;
  /** Photo URLs in display order (`/svc/files/...`). */
  photos: string[];
}

/** The item's photos: a main picture and thumbnails to switch it. */
export function PhotoGallery({ title, photos }: PhotoGalleryProps) {
  const [index, setIndex] = useState(0);
  const current = photos[index];
  const count = photos.length;

  return (
    <div className="gallery">
      <div className="gallery__main">
        <img
          src={current ? pictureUrl(current, 'large') : PLACEHOLDER_PICTURE}
          alt={count > 1 ? `${title}, photo ${index + 1} of ${count}` : title}
          width={GALLERY_MAIN.w}
          height={GALLERY_MAIN.h}
          fetchPriority="high"
        />
      </div>
      {count > 1 && (
        <ul className="gallery__thumbs" aria-label="Photos">
          {photos.map((photo, i) => (
            <li key={photo}>
              <button
                type="button"
                className="gallery__thumb"
                aria-label={`Show photo ${i + 1} of ${count}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => setIndex(i)}
              >
                <img src={pictureUrl(photo, 'thumb')} alt="" width={80} height={80} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
