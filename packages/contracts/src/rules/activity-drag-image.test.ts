import { describe, expect, it } from 'vitest';
import { DEFAULT_DRAG_AREA_WIDTH } from '../activities';
import {
  draggableBox,
  draggablesIn,
  dropDraggable,
  dropzoneBox,
  scaleToArea,
  type Box,
  type DropzoneMap,
} from './activity-drag-image';

describe('dropDraggable', () => {
  const start: DropzoneMap = { d1: 'z1', d2: 'z2' };

  it.each<[string, string, string | null, Record<string, string>]>([
    ['a new piece on a zone is recorded', 'd3', 'z3', { d1: 'z1', d2: 'z2', d3: 'z3' }],
    ['a placed piece moves to another zone', 'd1', 'z3', { d1: 'z3', d2: 'z2' }],
    ['dropping on its own zone keeps it', 'd1', 'z1', { d1: 'z1', d2: 'z2' }],
    // The spec sets no limit per zone, so two pieces may share one.
    ['two pieces may share a zone', 'd2', 'z1', { d1: 'z1', d2: 'z1' }],
    ['a drop elsewhere clears the entry', 'd1', null, { d2: 'z2' }],
    ['a drop elsewhere of an unplaced piece changes nothing', 'd9', null, { d1: 'z1', d2: 'z2' }],
  ])('%s', (_name, draggable, zone, expected) => {
    expect(dropDraggable(start, draggable, zone)).toEqual(expected);
  });

  it('leaves the map it was given alone', () => {
    dropDraggable(start, 'd1', null);
    expect(start).toEqual({ d1: 'z1', d2: 'z2' });
  });

  it('starts from an empty map', () => {
    expect(dropDraggable({}, 'd1', 'z1')).toEqual({ d1: 'z1' });
  });
});

describe('draggablesIn', () => {
  it.each<[string, string[]]>([
    ['z1', ['d1', 'd3']],
    ['z2', ['d2']],
    ['z9', []],
  ])('%s → %j', (zone, expected) => {
    expect(draggablesIn({ d1: 'z1', d2: 'z2', d3: 'z1' }, zone)).toEqual(expected);
  });
});

describe('boxes', () => {
  it('reads a draggable by position', () => {
    expect(draggableBox({ id: 'd', x_position: 1, y_position: 2, width: 3, height: 4 })).toEqual({
      x: 1,
      y: 2,
      width: 3,
      height: 4,
    });
  });

  it('reads a dropzone by offset', () => {
    expect(dropzoneBox({ id: 'z', x_offset: 5, y_offset: 6, width: 7, height: 8, value: 'v' })).toEqual({
      x: 5,
      y: 6,
      width: 7,
      height: 8,
    });
  });
});

describe('scaleToArea', () => {
  const box: Box = { x: 100, y: 50, width: 200, height: 40 };

  it.each<[string, number, number | null | undefined, Box]>([
    ['half size', 2000, 1000, { x: 50, y: 25, width: 100, height: 20 }],
    ['double size', 400, 800, { x: 200, y: 100, width: 400, height: 80 }],
    ['same size', 800, 800, box],
    ['unmeasured area (undefined) uses 1000', 500, undefined, { x: 200, y: 100, width: 400, height: 80 }],
    ['unmeasured area (null) uses 1000', 2000, null, { x: 50, y: 25, width: 100, height: 20 }],
    ['zero-width area uses 1000', 1000, 0, box],
    ['unknown natural width leaves it', 0, 500, box],
    ['NaN natural width leaves it', Number.NaN, 500, box],
  ])('%s', (_name, naturalWidth, areaWidth, expected) => {
    expect(scaleToArea(box, naturalWidth, areaWidth)).toEqual(expected);
  });

  it('defaults to a 1000-wide area', () => {
    expect(DEFAULT_DRAG_AREA_WIDTH).toBe(1000);
  });
});
