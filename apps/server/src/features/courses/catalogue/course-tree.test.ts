import { describe, expect, it } from 'vitest';
import { flatten, visibleTree, type TreeNodeLike } from './course-tree';

const node = (
  id: number,
  parentId: number | null,
  nodeType: TreeNodeLike['nodeType'],
  position = 0,
  valueId = id * 10,
): TreeNodeLike => ({ id, parentId, nodeType, valueId, position });
const fallback = node(-1, null, 'course');

describe('visibleTree', () => {
  it('orders children by position, hides subtrees, and gives sections their depth and parent section', () => {
    const nodes = [
      node(1, null, 'course'),
      node(2, 1, 'section', 1),
      node(3, 1, 'section', 0),
      node(4, 3, 'section', 0),
      node(5, 4, 'lesson', 0),
      node(6, 2, 'lesson', 0),
      node(7, 1, 'exam', 2),
    ];
    const tree = visibleTree(nodes, (n) => n.id !== 2, fallback);
    expect(tree.children.map((c) => c.node.id)).toEqual([3, 7]);
    const flat = flatten(tree);
    expect(flat.map((v) => v.node.id)).toEqual([3, 4, 5, 7]);
    expect(flat.map((v) => [v.node.id, v.depth, v.parentSectionId])).toEqual([
      [3, 1, null],
      [4, 2, 30],
      [5, 2, 40],
      [7, 0, null],
    ]);
  });

  it('falls back to a bare root, and never loops on a malformed tree', () => {
    expect(visibleTree([], () => true, fallback)).toEqual({
      node: fallback,
      children: [],
      parentSectionId: null,
      depth: 0,
    });
    const cyclic = [
      node(1, null, 'course'),
      node(2, 1, 'section'),
      node(3, 2, 'section'),
      { ...node(2, 3, 'section') },
    ];
    expect(flatten(visibleTree(cyclic, () => true, fallback)).map((v) => v.node.id)).toEqual([2, 3]);
  });
});
