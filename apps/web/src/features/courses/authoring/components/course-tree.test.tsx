import type { AuthoringTreeNode } from '@banksia/contracts/authoring-courses';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { CourseTree, type TreeAction } from './course-tree';

function node(id: number, title: string, type: AuthoringTreeNode['node_type'], children: AuthoringTreeNode[] = []) {
  return {
    node_id: id,
    node_type: type,
    value_id: id * 10,
    title,
    is_published: false,
    is_coming_soon: false,
    is_premium: false,
    version: type === 'lesson' ? 1 : null,
    detail: null,
    children,
  } satisfies AuthoringTreeNode;
}

const tree = [
  node(2, 'Number', 'section', [node(5, 'Fractions', 'lesson')]),
  node(3, 'Algebra', 'section'),
  node(4, 'Decimals', 'lesson'),
];

// jsdom lays nothing out: give each tree item a 40px-high box by its place in its list, so dnd-kit's keyboard
// sensor can measure where "up" and "down" are.
let restore: () => void;
beforeEach(() => {
  const original = HTMLElement.prototype.getBoundingClientRect;
  HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement) {
    const li = this.closest('li');
    const index = li?.parentElement ? [...li.parentElement.children].indexOf(li) : 0;
    const top = index * 40;
    return { x: 0, y: top, top, left: 0, width: 400, height: 40, right: 400, bottom: top + 40, toJSON: () => ({}) };
  };
  restore = () => {
    HTMLElement.prototype.getBoundingClientRect = original;
  };
});
afterEach(() => restore());

describe('CourseTree', () => {
  it('reorders by keyboard: Space picks an item up, the arrow moves it, Space drops it', async () => {
    const onAction = vi.fn<(a: TreeAction) => void>();
    renderWithProviders(<CourseTree nodes={tree} parentNodeId={1} parentTitle="Maths" onAction={onAction} />);
    const handle = screen.getByRole('button', { name: 'Reorder Decimals' });
    handle.focus();
    // The sensor listens for the next keys a moment after the pick-up, as in a browser.
    const pause = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    await pause();
    fireEvent.keyDown(handle, { code: 'ArrowUp', key: 'ArrowUp' });
    await pause();
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    await waitFor(() =>
      expect(onAction).toHaveBeenCalledWith({ kind: 'reorder', parentNodeId: 1, nodeIds: [2, 4, 3] }),
    );
  });

  it('moves a lesson into another topic by keyboard, and never a topic into its own items', async () => {
    // Lay every item out in document order, 40px apart, as the tree shows them.
    HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement) {
      const li = this.closest('li');
      const top = li ? [...document.querySelectorAll('li')].indexOf(li as HTMLLIElement) * 40 : 0;
      return { x: 0, y: top, top, left: 0, width: 400, height: 40, right: 400, bottom: top + 40, toJSON: () => ({}) };
    };
    const nested = [
      node(2, 'Number', 'section', [node(5, 'Fractions', 'lesson'), node(6, 'Ratios', 'lesson')]),
      node(3, 'Algebra', 'section'),
      node(4, 'Decimals', 'lesson'),
    ];
    const onAction = vi.fn<(a: TreeAction) => void>();
    renderWithProviders(<CourseTree nodes={nested} parentNodeId={1} parentTitle="Maths" onAction={onAction} />);
    const pause = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    const handle = screen.getByRole('button', { name: 'Reorder Decimals' });
    handle.focus();
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    await pause();
    fireEvent.keyDown(handle, { code: 'ArrowUp', key: 'ArrowUp' });
    await pause();
    fireEvent.keyDown(handle, { code: 'ArrowUp', key: 'ArrowUp' });
    await pause();
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    // Dropped over Ratios, the last lesson of Number: it goes into Number, before Ratios.
    await waitFor(() =>
      expect(onAction).toHaveBeenCalledWith({ kind: 'reorder', parentNodeId: 2, nodeIds: [5, 4, 6] }),
    );

    // A topic dropped among its own lessons stays where it is.
    onAction.mockClear();
    const topic = screen.getByRole('button', { name: 'Reorder Number' });
    topic.focus();
    fireEvent.keyDown(topic, { code: 'Space', key: ' ' });
    await pause();
    fireEvent.keyDown(topic, { code: 'ArrowDown', key: 'ArrowDown' });
    await pause();
    fireEvent.keyDown(topic, { code: 'Space', key: ' ' });
    await pause();
    expect(onAction).not.toHaveBeenCalled();
  });

  it('offers Move up in each item menu, and links lessons to their editor', async () => {
    const onAction = vi.fn<(a: TreeAction) => void>();
    const { user } = renderWithProviders(
      <CourseTree nodes={tree} parentNodeId={1} parentTitle="Maths" onAction={onAction} />,
    );
    expect(screen.getByRole('link', { name: 'Fractions' })).toHaveAttribute('href', '/content/admin/lessons/edit/50/');
    await user.click(screen.getByRole('button', { name: 'Actions for Algebra' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move up' }));
    expect(onAction).toHaveBeenCalledWith({ kind: 'reorder', parentNodeId: 1, nodeIds: [3, 2, 4] });
    await user.click(screen.getByRole('button', { name: 'Actions for Decimals' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Publish' }));
    expect(onAction).toHaveBeenLastCalledWith(
      expect.objectContaining({ kind: 'flag', flag: 'is_published', value: true }),
    );
  });
});
