import type { AdminCourseDetail, AuthoringTreeNode } from '@banksia/contracts/authoring-courses';

/** The dialog the tree's menus open: rename, add (a topic, sub-topic or lesson), move, or confirm a deletion. */
export type Prompt =
  | { kind: 'rename'; node: AuthoringTreeNode }
  | { kind: 'add'; what: 'section' | 'lesson'; parentNodeId: number; parentTitle: string }
  | { kind: 'move'; node: AuthoringTreeNode }
  | { kind: 'delete'; node: AuthoringTreeNode };

/** Places an item may move to: the course, or a topic outside the item itself (attachments also into lessons). */
export function destinations(detail: AdminCourseDetail, node: AuthoringTreeNode) {
  const out = [{ value: String(detail.root_node_id), label: `The course (top level)` }];
  const walk = (nodes: AuthoringTreeNode[], depth: number) => {
    for (const n of nodes) {
      if (n.node_id === node.node_id) continue; // not into itself or anything under it
      const fits = n.node_type === 'section' || (node.node_type === 'attachment' && n.node_type === 'lesson');
      if (fits) out.push({ value: String(n.node_id), label: `${'— '.repeat(depth)}${n.title}` });
      walk(n.children, depth + 1);
    }
  };
  walk(detail.tree, 1);
  return out;
}

/** The item's parent node: null when it sits at the top level, undefined when it is not in the tree. */
export function findParent(
  nodes: AuthoringTreeNode[],
  rootId: number,
  nodeId: number,
): AuthoringTreeNode | null | undefined {
  for (const n of nodes) {
    if (n.node_id === nodeId) return null;
    const inner = findParent(n.children, rootId, nodeId);
    if (inner === null) return n;
    if (inner) return inner;
  }
  return undefined;
}

/** The children of a place (the course's root node or a topic). */
export function childrenOf(detail: AdminCourseDetail, parentNodeId: number): AuthoringTreeNode[] {
  if (parentNodeId === detail.root_node_id) return detail.tree;
  const find = (nodes: AuthoringTreeNode[]): AuthoringTreeNode | undefined => {
    for (const n of nodes) {
      if (n.node_id === parentNodeId) return n;
      const inner = find(n.children);
      if (inner) return inner;
    }
    return undefined;
  };
  return find(detail.tree)?.children ?? [];
}
