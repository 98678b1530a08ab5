import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { DndImageEditor, type DndImageData } from './dnd-image-editor';

function renderEditor(initial: Partial<DndImageData> = {}) {
  stubFetch({});
  const changes: DndImageData[] = [];
  function Harness() {
    const [value, setValue] = useState<DndImageData>({
      image_url: '/media/activities/images/cell.png',
      draggables: [],
      dropzones: [],
      ...initial,
    });
    return (
      <DndImageEditor
        value={value}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
      />
    );
  }
  const view = renderWithProviders(<Harness />);
  // jsdom loads no images: give the image its size and tell the editor it loaded.
  const image = view.getByTestId('dnd-image-area').querySelector('img')!;
  Object.defineProperty(image, 'naturalWidth', { value: 400 });
  Object.defineProperty(image, 'naturalHeight', { value: 200 });
  fireEvent.load(image);
  return { ...view, changes, last: () => changes.at(-1)! };
}

describe('DndImageEditor', () => {
  it('adds a drop zone from the keyboard and nudges it with the arrow keys, Shift for 10 pixels', async () => {
    const { user, last } = renderEditor();
    const add = screen.getByRole('button', { name: 'Add drop zone' });
    act(() => add.focus());
    await user.keyboard('{Enter}');
    const zone = await screen.findByRole('button', { name: /^Drop zone 1, at / });
    expect(zone).toHaveAccessibleName('Drop zone 1, at 140, 70, 120 by 60 pixels');
    act(() => zone.focus());
    await user.keyboard('{ArrowRight}{ArrowRight}{Shift>}{ArrowDown}{/Shift}');
    expect(zone).toHaveAccessibleName('Drop zone 1, at 142, 80, 120 by 60 pixels');
    expect(last().dropzones).toEqual([
      { id: 'zone-1', x_offset: 142, y_offset: 80, width: 120, height: 60, value: '' },
    ]);
  });

  it('resizes with Alt and the arrows, keeps the box inside the image, and removes it with Delete', async () => {
    const { user, last } = renderEditor({
      draggables: [{ id: 'piece-1', x_position: 395, y_position: 0, width: 20, height: 20 }],
    });
    const piece = screen.getByRole('button', { name: /^Piece 1, at / });
    // Stored partly outside the image: the first nudge brings it in.
    act(() => piece.focus());
    await user.keyboard('{ArrowRight}');
    expect(last().draggables[0]).toMatchObject({ x_position: 380, y_position: 0 });
    await user.keyboard('{Alt>}{ArrowLeft}{ArrowLeft}{ArrowDown}{/Alt}');
    expect(last().draggables[0]).toMatchObject({ width: 18, height: 21 });
    await user.keyboard('{ArrowUp}');
    expect(last().draggables[0]).toMatchObject({ y_position: 0 });
    await user.keyboard('{Delete}');
    expect(last().draggables).toEqual([]);
    expect(screen.queryByRole('button', { name: /^Piece 1/ })).toBeNull();
  });

  it('draws a piece with the mouse in image pixels and gives a drop zone its value', async () => {
    const { user, last, getByTestId } = renderEditor({
      dropzones: [{ id: 'zone-1', x_offset: 10, y_offset: 10, width: 50, height: 50, value: '' }],
    });
    await user.click(screen.getByText('Pieces'));
    const area = getByTestId('dnd-image-area');
    // Displayed at the image's own size (the element has no measured width in jsdom), so 1 pixel is 1 pixel.
    area.getBoundingClientRect = () => ({
      left: 0,
      top: 0,
      right: 400,
      bottom: 200,
      width: 400,
      height: 200,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    });
    fireEvent.pointerDown(area, { button: 0, clientX: 100, clientY: 40, pointerId: 1 });
    fireEvent.pointerMove(area, { clientX: 160, clientY: 90, pointerId: 1 });
    fireEvent.pointerUp(area, { clientX: 180, clientY: 100, pointerId: 1 });
    expect(last().draggables).toEqual([{ id: 'piece-1', x_position: 100, y_position: 40, width: 80, height: 60 }]);

    // A click without a drag draws nothing.
    fireEvent.pointerDown(area, { button: 0, clientX: 300, clientY: 150, pointerId: 1 });
    fireEvent.pointerUp(area, { clientX: 302, clientY: 151, pointerId: 1 });
    expect(last().draggables).toHaveLength(1);

    await user.type(screen.getByLabelText('Drop zone 1 value'), 'piece-1');
    expect(last().dropzones[0]!.value).toBe('piece-1');
  });
});
