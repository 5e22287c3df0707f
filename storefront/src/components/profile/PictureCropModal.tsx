import { PICTURE_CROP } from '@yardly/shared/rules';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { Modal } from '../account/Modal';

/** The crop area is a square twice the corner radius: a circle of PICTURE_CROP.rounded radius. */
const BOX = PICTURE_CROP.rounded * 2;
/** The uploaded crop: twice the shown size, so it stays sharp on dense screens. */
const OUTPUT = BOX * 2;
const MAX_ZOOM = 4;

interface Offset {
  x: number;
  y: number;
}

/** Keeps the picture covering the whole crop area. */
function clamp(offset: Offset, width: number, height: number): Offset {
  return {
    x: Math.min(0, Math.max(BOX - width, offset.x)),
    y: Math.min(0, Math.max(BOX - height, offset.y)),
  };
}

interface PictureCropModalProps {
  file: File;
  pending: boolean;
  onCancel: () => void;
  onSave: (blob: Blob) => void;
}

/**
 * The crop modal (spec sections 2 and 9): the picture starts zoomed to 1.25 in a round crop;
 * drag or use the arrow keys to move it, the slider to zoom. Save sends the cropped square.
 */
export function PictureCropModal({ file, pending, onCancel, onSave }: PictureCropModalProps) {
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [failed, setFailed] = useState(false);
  const [zoom, setZoom] = useState<number>(PICTURE_CROP.scale);
  const [offset, setOffset] = useState<Offset>({ x: 0, y: 0 });
  const drag = useRef<{ start: Offset; pointer: Offset } | null>(null);

  useEffect(() => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      setImage(img);
      const scale = coverScale(img) * PICTURE_CROP.scale;
      setOffset({ x: (BOX - img.naturalWidth * scale) / 2, y: (BOX - img.naturalHeight * scale) / 2 });
    };
    img.onerror = () => setFailed(true);
    img.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const scale = image ? coverScale(image) * zoom : 1;
  const width = image ? image.naturalWidth * scale : BOX;
  const height = image ? image.naturalHeight * scale : BOX;

  function changeZoom(next: number) {
    if (!image) return;
    // Zoom about the centre of the crop area.
    const ratio = next / zoom;
    const centre = BOX / 2;
    const nextScale = coverScale(image) * next;
    setOffset((o) =>
      clamp(
        { x: centre - (centre - o.x) * ratio, y: centre - (centre - o.y) * ratio },
        image.naturalWidth * nextScale,
        image.naturalHeight * nextScale,
      ),
    );
    setZoom(next);
  }

  function onPointerDown(event: PointerEvent<HTMLButtonElement>) {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { start: offset, pointer: { x: event.clientX, y: event.clientY } };
  }
  function onPointerMove(event: PointerEvent<HTMLButtonElement>) {
    const d = drag.current;
    if (!d) return;
    setOffset(
      clamp({ x: d.start.x + event.clientX - d.pointer.x, y: d.start.y + event.clientY - d.pointer.y }, width, height),
    );
  }
  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const step = event.shiftKey ? 20 : 5;
    const moves: Record<string, Offset> = {
      ArrowLeft: { x: step, y: 0 },
      ArrowRight: { x: -step, y: 0 },
      ArrowUp: { x: 0, y: step },
      ArrowDown: { x: 0, y: -step },
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    setOffset((o) => clamp({ x: o.x + move.x, y: o.y + move.y }, width, height));
  }

  function save() {
    if (!image || pending) return;
    const canvas = document.createElement('canvas');
    canvas.width = OUTPUT;
    canvas.height = OUTPUT;
    const context = canvas.getContext('2d');
    if (!context) return;
    context.drawImage(image, -offset.x / scale, -offset.y / scale, BOX / scale, BOX / scale, 0, 0, OUTPUT, OUTPUT);
    canvas.toBlob((blob) => blob && onSave(blob), 'image/jpeg', 0.9);
  }

  return (
    <Modal title="Crop your picture" onRequestClose={onCancel} className="crop-dialog">
      {failed ? (
        <p className="form-alert" role="alert">
          This file could not be shown as a picture; choose another one.
        </p>
      ) : (
        <>
          <button
            type="button"
            className="crop-area"
            style={{ width: BOX, height: BOX }}
            aria-label="Picture crop area: drag or use the arrow keys to move the picture"
            data-testid="crop-area"
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={() => {
              drag.current = null;
            }}
            onKeyDown={onKeyDown}
          >
            {image && (
              <img
                src={image.src}
                alt=""
                draggable={false}
                style={{ width, height, transform: `translate(${offset.x}px, ${offset.y}px)` }}
              />
            )}
            <span className="crop-area__mask" style={{ borderRadius: PICTURE_CROP.rounded }} aria-hidden="true" />
          </button>
          <label className="crop-zoom">
            Zoom
            <input
              type="range"
              min={1}
              max={MAX_ZOOM}
              step={0.05}
              value={zoom}
              onChange={(event) => changeZoom(Number(event.target.value))}
            />
          </label>
        </>
      )}
      <div className="dialog-actions">
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </button>
        <button
          type="button"
          className="button"
          onClick={save}
          disabled={!image || pending}
          aria-busy={pending || undefined}
        >
          Save
        </button>
      </div>
    </Modal>
  );
}

/** The scale at which the picture just covers the crop area. */
function coverScale(image: HTMLImageElement): number {
  return Math.max(BOX / image.naturalWidth, BOX / image.naturalHeight);
}
