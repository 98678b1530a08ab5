/** The columns of course_tree_nodes the tree walk reads. */
export interface TreeNodeLike {
  id: number;
  parentId: number | null;
  nodeType: 'course' | 'section' | 'lesson' | 'exam' | 'attachment';
  valueId: number;
  position: number;
}

/** A node kept by `visibleTree`, with its visible children in order and where it sits among sections. */
export interface VisibleNode<N extends TreeNodeLike> {
  node: N;
  children: VisibleNode<N>[];
  /** The nearest section above this node, or null under the course root. */
  parentSectionId: number | null;
  /** For sections: 1 for topics (under the course root), 2 for their sub-sections, and so on. */
  depth: number;
}

/**
 * Builds the course tree from its rows, from the course root down, keeping only the nodes `isVisible` accepts:
 * a hidden node hides everything under it. Children are ordered by position, then id. Without a root row the
 * tree is the bare course root (`rootFallback`). Each node is visited once, so a malformed tree cannot loop.
 */
export function visibleTree<N extends TreeNodeLike>(
  nodes: readonly N[],
  isVisible: (node: N) => boolean,
  rootFallback: N,
): VisibleNode<N> {
  const childrenOf = new Map<number, N[]>();
  for (const n of nodes) {
    if (n.parentId === null) continue;
    const list = childrenOf.get(n.parentId) ?? [];
    list.push(n);
    childrenOf.set(n.parentId, list);
  }
  for (const list of childrenOf.values()) list.sort((a, b) => a.position - b.position || a.id - b.id);
  const root = nodes.find((n) => n.nodeType === 'course' && n.parentId === null) ?? rootFallback;
  const seen = new Set<number>([root.id]);
  const walk = (node: N, parentSectionId: number | null, depth: number): VisibleNode<N> => {
    const isSection = node.nodeType === 'section';
    const children: VisibleNode<N>[] = [];
    for (const child of childrenOf.get(node.id) ?? []) {
      if (seen.has(child.id) || child.nodeType === 'course' || !isVisible(child)) continue;
      seen.add(child.id);
      children.push(
        walk(child, isSection ? node.valueId : parentSectionId, child.nodeType === 'section' ? depth + 1 : depth),
      );
    }
    return { node, children, parentSectionId, depth };
  };
  return walk(root, null, 0);
}

/** The tree's nodes, depth first in order (the root excluded). */
export function flatten<N extends TreeNodeLike>(tree: VisibleNode<N>): VisibleNode<N>[] {
  return tree.children.flatMap((child) => [child, ...flatten(child)]);
}
