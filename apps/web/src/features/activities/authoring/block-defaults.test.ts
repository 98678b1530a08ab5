import { activityBlockSchema, blockTypes } from '@banksia/contracts/activities';
import { describe, expect, it } from 'vitest';
import { defaultData, firstInvalidBlock, toContractBlocks } from './block-defaults';
import { nudge, rectFromDrag } from './dnd-geometry';

describe('block defaults', () => {
  it('starts every block type with data its contracts schema accepts', () => {
    for (const type of blockTypes) {
      expect(activityBlockSchema.safeParse({ id: 'b', type, data: defaultData(type) }).success, type).toBe(true);
    }
  });

  it("turns Editor.js's list and table output into the contracts' shape", () => {
    const blocks = toContractBlocks([
      {
        id: 'l',
        type: 'list',
        data: {
          style: 'checklist',
          meta: {},
          items: [{ content: 'a', meta: { checked: true }, items: [{ content: 'b', meta: {}, items: [] }] }],
        },
      },
      { id: 't', type: 'table', data: { withHeadings: true, stretched: false, content: [['x']] } },
    ]);
    expect(blocks).toEqual([
      {
        id: 'l',
        type: 'list',
        data: { style: 'unordered', items: [{ content: 'a', items: [{ content: 'b', items: [] }] }] },
      },
      { id: 't', type: 'table', data: { withHeadings: true, content: [['x']] } },
    ]);
    expect(firstInvalidBlock(blocks)).toBeNull();
  });

  it('names the first block that does not fit its schema', () => {
    expect(
      firstInvalidBlock([
        { id: 'p', type: 'paragraph', data: { text: 'x' } },
        { id: 'h', type: 'header', data: { text: 'x', level: 9 } },
      ] as never),
    ).toMatch(/^Block 2 \(Heading\), blocks\.1\.data\.level: Too big/);
  });
});

describe('drag-and-drop geometry', () => {
  const image = { width: 400, height: 200 };
  it('draws from any corner and ignores stray clicks', () => {
    expect(rectFromDrag({ x: 50, y: 60 }, { x: 10, y: 20 }, image)).toEqual({ x: 10, y: 20, width: 40, height: 40 });
    expect(rectFromDrag({ x: 10, y: 10 }, { x: 14, y: 40 }, image)).toBeNull();
    expect(rectFromDrag({ x: 350, y: 150 }, { x: 900, y: 900 }, image)).toEqual({
      x: 350,
      y: 150,
      width: 50,
      height: 50,
    });
  });

  it('moves by 1 or 10 pixels, resizes with Alt, and ignores other keys', () => {
    const rect = { x: 10, y: 10, width: 20, height: 20 };
    const none = { shiftKey: false, altKey: false };
    expect(nudge(rect, 'ArrowLeft', none, image)).toEqual({ ...rect, x: 9 });
    expect(nudge(rect, 'ArrowLeft', { ...none, shiftKey: true }, image)).toEqual({ ...rect, x: 0 });
    expect(nudge(rect, 'ArrowDown', { shiftKey: true, altKey: true }, image)).toEqual({ ...rect, height: 30 });
    expect(nudge({ ...rect, width: 8 }, 'ArrowLeft', { ...none, altKey: true }, image)).toEqual({ ...rect, width: 8 });
    expect(nudge(rect, 'Enter', none, image)).toBeNull();
  });
});
