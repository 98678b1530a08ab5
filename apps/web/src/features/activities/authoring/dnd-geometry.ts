import type { Draggable, Dropzone } from '@banksia/contracts/activities';

// The drag-and-drop image editor's arithmetic, in the image's own pixels (as the contracts store them).

/** Smallest piece or zone side, in image pixels: anything smaller is a stray click, not a drawing. */
export const MIN_SIDE = 8;
/** An arrow key moves (or resizes) by this much; with Shift, by NUDGE_LARGE. */
export const NUDGE = 1;
export const NUDGE_LARGE = 10;
/** Size of a zone or piece added by the keyboard (button), before it is nudged into place. */
export const DEFAULT_BOX = { width: 120, height: 60 };

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ImageSize {
  width: number;
  height: number;
}

export type ItemKind = 'dropzone' | 'draggable';

export const rectOfDropzone = (z: Dropzone): Rect => ({
  x: z.x_offset,
  y: z.y_offset,
  width: z.width,
  height: z.height,
});
export const rectOfDraggable = (d: Draggable): Rect => ({
  x: d.x_position,
  y: d.y_position,
  width: d.width,
  height: d.height,
});

export function withRect<T extends Dropzone | Draggable>(item: T, rect: Rect): T {
  return 'x_offset' in item
    ? { ...item, x_offset: rect.x, y_offset: rect.y, width: rect.width, height: rect.height }
    : { ...item, x_position: rect.x, y_position: rect.y, width: rect.width, height: rect.height };
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), Math.max(min, max));

/** Keeps a rectangle inside the image (whole pixels), shrinking it only if it is larger than the image. */
export function fitInImage(rect: Rect, image: ImageSize): Rect {
  const width = Math.round(clamp(rect.width, MIN_SIDE, image.width));
  const height = Math.round(clamp(rect.height, MIN_SIDE, image.height));
  return {
    x: Math.round(clamp(rect.x, 0, image.width - width)),
    y: Math.round(clamp(rect.y, 0, image.height - height)),
    width,
    height,
  };
}

/** The rectangle spanned by two points of a mouse drag, inside the image; null when too small to be meant. */
export function rectFromDrag(
  start: { x: number; y: number },
  end: { x: number; y: number },
  image: ImageSize,
): Rect | null {
  const x = clamp(Math.min(start.x, end.x), 0, image.width);
  const y = clamp(Math.min(start.y, end.y), 0, image.height);
  const width = clamp(Math.max(start.x, end.x), 0, image.width) - x;
  const height = clamp(Math.max(start.y, end.y), 0, image.height) - y;
  if (width < MIN_SIDE || height < MIN_SIDE) return null;
  return fitInImage({ x, y, width, height }, image);
}

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * What an arrow key does to a selected zone or piece: moves it by NUDGE (NUDGE_LARGE with Shift), or with Alt
 * resizes it (right and down grow it, left and up shrink it); null for other keys.
 */
export function nudge(
  rect: Rect,
  key: string,
  modifiers: { shiftKey: boolean; altKey: boolean },
  image: ImageSize,
): Rect | null {
  const arrow = ARROWS[key];
  if (!arrow) return null;
  const step = modifiers.shiftKey ? NUDGE_LARGE : NUDGE;
  const [dx, dy] = arrow;
  if (modifiers.altKey) {
    return fitInImage({ ...rect, width: rect.width + dx * step, height: rect.height + dy * step }, image);
  }
  return fitInImage({ ...rect, x: rect.x + dx * step, y: rect.y + dy * step }, image);
}

/** A rectangle of DEFAULT_BOX size in the middle of the image, for a zone or piece added by keyboard. */
export function centredBox(image: ImageSize): Rect {
  return fitInImage(
    {
      x: (image.width - DEFAULT_BOX.width) / 2,
      y: (image.height - DEFAULT_BOX.height) / 2,
      ...DEFAULT_BOX,
    },
    image,
  );
}

/** The next free id like "zone-3" among ids already used. */
export function nextId(prefix: string, used: readonly string[]): string {
  const taken = new Set(used);
  for (let n = 1; ; n++) if (!taken.has(`${prefix}-${n}`)) return `${prefix}-${n}`;
}
