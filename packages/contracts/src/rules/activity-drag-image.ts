import { DEFAULT_DRAG_AREA_WIDTH, type Draggable, type Dropzone } from '../activities';

/** Draggable id → id of the dropzone holding it, as saved in draggable_to_containing_dropzone_map (spec §3). */
export type DropzoneMap = Readonly<Record<string, string>>;

/**
 * Records where a piece was dropped (spec §4): on a dropzone it maps the piece to that zone (moving it from any
 * zone it was in, since the map has one entry per piece); anywhere else (null) removes its entry. The spec does not
 * limit how many pieces a zone holds, so several may share one; a caller wanting one per zone can check
 * `draggablesIn` before dropping.
 */
export function dropDraggable(
  map: DropzoneMap,
  draggableId: string,
  dropzoneId: string | null,
): Record<string, string> {
  const next: Record<string, string> = { ...map };
  if (dropzoneId === null) delete next[draggableId];
  else next[draggableId] = dropzoneId;
  return next;
}

/** Ids of the pieces sitting in a dropzone, in the order the map lists them. */
export function draggablesIn(map: DropzoneMap, dropzoneId: string): string[] {
  return Object.entries(map)
    .filter(([, zone]) => zone === dropzoneId)
    .map(([draggable]) => draggable);
}

/** A rectangle on the image: left, top, width and height. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A draggable's rectangle in image pixels. */
export function draggableBox(draggable: Draggable): Box {
  return { x: draggable.x_position, y: draggable.y_position, width: draggable.width, height: draggable.height };
}

/** A dropzone's rectangle in image pixels. */
export function dropzoneBox(dropzone: Dropzone): Box {
  return { x: dropzone.x_offset, y: dropzone.y_offset, width: dropzone.width, height: dropzone.height };
}

const isPositive = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;

/**
 * Scales a rectangle given in the image's own pixels to the displayed area. Until the area has been measured
 * (null, undefined or not a positive width) it is taken as DEFAULT_DRAG_AREA_WIDTH (spec §9); while the image's
 * natural width is unknown the rectangle is returned as is, since there is nothing to scale against.
 */
export function scaleToArea(box: Box, naturalWidth: number, areaWidth?: number | null): Box {
  if (!isPositive(naturalWidth)) return box;
  const scale = (isPositive(areaWidth) ? areaWidth : DEFAULT_DRAG_AREA_WIDTH) / naturalWidth;
  return { x: box.x * scale, y: box.y * scale, width: box.width * scale, height: box.height * scale };
}
