import type { AuthoringTreeNode } from '@banksia/contracts/authoring-courses';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Anchor, Badge, Box, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconDots,
  IconEye,
  IconEyeOff,
  IconFileTypePdf,
  IconFolder,
  IconGripVertical,
  IconPencil,
  IconPlus,
  IconArrowsMove,
  IconClipboardList,
  IconStar,
  IconClock,
  IconMovie,
  IconTrash,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { urlFor } from '../../../../lib/named-routes';

/** What the tree asks its page to do; the page sends it to the server and shows the answer. */
export type TreeAction =
  | { kind: 'reorder'; parentNodeId: number; nodeIds: number[] }
  | { kind: 'rename'; node: AuthoringTreeNode }
  | { kind: 'move'; node: AuthoringTreeNode }
  | { kind: 'delete'; node: AuthoringTreeNode }
  | { kind: 'add'; what: 'section' | 'lesson'; parentNodeId: number; parentTitle: string }
  | { kind: 'flag'; node: AuthoringTreeNode; flag: 'is_published' | 'is_coming_soon' | 'is_premium'; value: boolean };

export interface CourseTreeProps {
  nodes: AuthoringTreeNode[];
  parentNodeId: number;
  /** Title of the place these nodes are in (the course, or a topic), for screen reader messages. */
  parentTitle: string;
  onAction: (action: TreeAction) => void;
  disabled?: boolean;
}

const typeLabels: Record<AuthoringTreeNode['node_type'], string> = {
  section: 'Topic',
  lesson: 'Lesson',
  exam: 'Exam',
  attachment: 'Attachment',
};

const typeIcons: Record<AuthoringTreeNode['node_type'], typeof IconFolder> = {
  section: IconFolder,
  lesson: IconMovie,
  exam: IconClipboardList,
  attachment: IconFileTypePdf,
};

/** Where each node sits: its parent's node id and its place among its siblings, for the whole tree. */
interface TreeIndex {
  byId: Map<number, AuthoringTreeNode>;
  parentOf: Map<number, number>;
  childrenOf: Map<number, number[]>;
}

function indexTree(nodes: AuthoringTreeNode[], rootId: number): TreeIndex {
  const index: TreeIndex = { byId: new Map(), parentOf: new Map(), childrenOf: new Map() };
  const walk = (list: AuthoringTreeNode[], parentId: number) => {
    index.childrenOf.set(
      parentId,
      list.map((n) => n.node_id),
    );
    for (const n of list) {
      index.byId.set(n.node_id, n);
      index.parentOf.set(n.node_id, parentId);
      walk(n.children, n.node_id);
    }
  };
  walk(nodes, rootId);
  return index;
}

/** The places a kind of node may sit in (as the server allows): the course or a topic; attachments also lessons. */
function mayGoInto(node: AuthoringTreeNode, parent: AuthoringTreeNode | null): boolean {
  const parentType = parent?.node_type ?? 'course';
  if (parentType === 'course' || parentType === 'section') return true;
  return node.node_type === 'attachment' && parentType === 'lesson';
}

/**
 * The course tree, sortable by drag and drop and by keyboard (dnd-kit, ADR 017): focus an item's handle, press Space
 * to pick it up, the arrow keys to move it, Space to drop it or Escape to cancel. One drag context holds every level,
 * so an item can be dropped among another topic's items to move it there (a lesson into another topic, say); the
 * item's menu also moves it, renames, publishes and deletes it.
 */
export function CourseTree({ nodes, parentNodeId, parentTitle, onAction, disabled }: CourseTreeProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const index = indexTree(nodes, parentNodeId);
  const titleOf = (id: string | number) => index.byId.get(Number(id))?.title ?? 'the item';
  const placeTitle = (id: number) => (id === parentNodeId ? parentTitle : titleOf(id));
  const where = (id: string | number) => {
    const parent = index.parentOf.get(Number(id)) ?? parentNodeId;
    const siblings = index.childrenOf.get(parent) ?? [];
    return `position ${siblings.indexOf(Number(id)) + 1} of ${siblings.length} in ${placeTitle(parent)}`;
  };

  /** What dropping `activeId` on `overId` does, or null when it does nothing or is not allowed. */
  const dropOn = (activeId: number, overId: number): TreeAction | null => {
    if (activeId === overId) return null;
    const from = index.parentOf.get(activeId);
    const to = index.parentOf.get(overId);
    const moving = index.byId.get(activeId);
    if (from === undefined || to === undefined || !moving) return null;
    const target = index.childrenOf.get(to) ?? [];
    if (from === to) {
      return {
        kind: 'reorder',
        parentNodeId: to,
        nodeIds: arrayMove(target, target.indexOf(activeId), target.indexOf(overId)),
      };
    }
    // Not into itself or its own items, and only where its kind may go.
    for (let p: number | undefined = to; p !== undefined && p !== parentNodeId; p = index.parentOf.get(p)) {
      if (p === activeId) return null;
    }
    if (!mayGoInto(moving, to === parentNodeId ? null : (index.byId.get(to) ?? null))) return null;
    const nodeIds = [...target];
    nodeIds.splice(target.indexOf(overId), 0, activeId);
    return { kind: 'reorder', parentNodeId: to, nodeIds };
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}, ${where(active.id)}.`,
    onDragOver: ({ active, over }) => {
      if (!over) return '';
      const to = index.parentOf.get(Number(over.id)) ?? parentNodeId;
      if (to === index.parentOf.get(Number(active.id))) return `${titleOf(active.id)} is now at ${where(over.id)}.`;
      return dropOn(Number(active.id), Number(over.id))
        ? `${titleOf(active.id)} would move into ${placeTitle(to)}, before ${titleOf(over.id)}.`
        : `${titleOf(active.id)} cannot go into ${placeTitle(to)}.`;
    },
    onDragEnd: ({ active, over }) => {
      if (!over) return `${titleOf(active.id)} dropped.`;
      const action = over ? dropOn(Number(active.id), Number(over.id)) : null;
      return action?.kind === 'reorder'
        ? `${titleOf(active.id)} dropped in ${placeTitle(action.parentNodeId)}, position ${action.nodeIds.indexOf(Number(active.id)) + 1}.`
        : `${titleOf(active.id)} stays where it was.`;
    },
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const action = dropOn(Number(active.id), Number(over.id));
    if (action) onAction(action);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move, press Space to pick up the item, the up and down arrow keys to move it (into another topic too), and Space again to drop it. Press Escape to cancel.',
        },
      }}
    >
      <TreeLevel nodes={nodes} parentNodeId={parentNodeId} onAction={onAction} disabled={disabled} />
    </DndContext>
  );
}

interface TreeLevelProps {
  nodes: AuthoringTreeNode[];
  parentNodeId: number;
  onAction: (action: TreeAction) => void;
  disabled: boolean | undefined;
}

/** One level of the tree: its items, sortable within it (and droppable from other levels). */
function TreeLevel({ nodes, parentNodeId, onAction, disabled }: TreeLevelProps) {
  const ids = nodes.map((n) => n.node_id);
  const reorder = (from: number, to: number) => {
    if (from === to || to < 0 || to >= ids.length) return;
    onAction({ kind: 'reorder', parentNodeId, nodeIds: arrayMove(ids, from, to) });
  };

  if (!nodes.length) {
    return (
      <Text size="sm" c="dimmed" py={4}>
        Nothing here yet.
      </Text>
    );
  }

  return (
    <SortableContext
      id={`level-${parentNodeId}`}
      items={ids}
      strategy={verticalListSortingStrategy}
      disabled={disabled}
    >
      <Stack gap={6} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {nodes.map((node, index) => (
          <SortableNode
            key={node.node_id}
            node={node}
            index={index}
            count={nodes.length}
            onAction={onAction}
            onReorder={reorder}
            disabled={disabled}
          />
        ))}
      </Stack>
    </SortableContext>
  );
}

interface SortableNodeProps {
  node: AuthoringTreeNode;
  index: number;
  count: number;
  onAction: (action: TreeAction) => void;
  onReorder: (from: number, to: number) => void;
  disabled: boolean | undefined;
}

function SortableNode({ node, index, count, onAction, onReorder, disabled }: SortableNodeProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: node.node_id,
    disabled,
  });
  const Icon = typeIcons[node.node_type];
  const isSection = node.node_type === 'section';
  const isLesson = node.node_type === 'lesson';
  const canPublish = isSection || isLesson;

  return (
    <Box
      component="li"
      style={{ transform: CSS.Transform.toString(transform), transition, zIndex: isDragging ? 2 : undefined }}
      data-testid={`tree-node-${node.node_id}`}
    >
      {/* The row is what is measured: a topic's own items below it are targets of their own. */}
      <Paper ref={setNodeRef} withBorder px="xs" py={6} shadow={isDragging ? 'md' : undefined}>
        <Group gap="xs" wrap="nowrap">
          <ActionIcon
            variant="subtle"
            color="gray"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={`Reorder ${node.title}`}
            style={{ cursor: 'grab', touchAction: 'none' }}
          >
            <IconGripVertical size={16} aria-hidden />
          </ActionIcon>
          <Icon size={18} aria-hidden />
          <Text size="xs" c="dimmed" w={70}>
            {typeLabels[node.node_type]}
          </Text>
          <Box style={{ flex: 1, minWidth: 0 }} data-node-title>
            {isLesson ? (
              <Anchor component={Link} to={urlFor('content-admin-lesson-edit', { lessonId: node.value_id })} fw={600}>
                {node.title}
              </Anchor>
            ) : node.node_type === 'exam' ? (
              <Anchor component={Link} to={urlFor('content-admin-exam-edit', { examId: node.value_id })} fw={600}>
                {node.title}
              </Anchor>
            ) : (
              <Text fw={600} truncate>
                {node.title}
              </Text>
            )}
          </Box>
          <Group gap={4} wrap="nowrap">
            {node.node_type !== 'attachment' && (
              <Badge size="sm" variant="light" color={node.is_published ? 'teal' : 'gray'}>
                {node.is_published ? 'Published' : 'Draft'}
              </Badge>
            )}
            {node.is_coming_soon && (
              <Badge size="sm" variant="light" color="blue">
                Coming soon
              </Badge>
            )}
            {node.is_premium && (
              <Badge size="sm" variant="light" color="grape">
                Premium
              </Badge>
            )}
          </Group>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${node.title}`} disabled={disabled}>
                <IconDots size={16} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={<IconArrowUp size={14} aria-hidden />}
                disabled={index === 0}
                onClick={() => onReorder(index, index - 1)}
              >
                Move up
              </Menu.Item>
              <Menu.Item
                leftSection={<IconArrowDown size={14} aria-hidden />}
                disabled={index === count - 1}
                onClick={() => onReorder(index, index + 1)}
              >
                Move down
              </Menu.Item>
              <Menu.Item
                leftSection={<IconArrowsMove size={14} aria-hidden />}
                onClick={() => onAction({ kind: 'move', node })}
              >
                Move to…
              </Menu.Item>
              {(isSection || node.node_type === 'attachment') && (
                <Menu.Item
                  leftSection={<IconPencil size={14} aria-hidden />}
                  onClick={() => onAction({ kind: 'rename', node })}
                >
                  Rename
                </Menu.Item>
              )}
              {isLesson && (
                <Menu.Item
                  leftSection={<IconPencil size={14} aria-hidden />}
                  component={Link}
                  to={urlFor('content-admin-lesson-edit', { lessonId: node.value_id })}
                >
                  Edit lesson
                </Menu.Item>
              )}
              {canPublish && (
                <Menu.Item
                  leftSection={
                    node.is_published ? <IconEyeOff size={14} aria-hidden /> : <IconEye size={14} aria-hidden />
                  }
                  onClick={() => onAction({ kind: 'flag', node, flag: 'is_published', value: !node.is_published })}
                >
                  {node.is_published ? 'Unpublish' : 'Publish'}
                </Menu.Item>
              )}
              {isLesson && (
                <Menu.Item
                  leftSection={<IconClock size={14} aria-hidden />}
                  onClick={() => onAction({ kind: 'flag', node, flag: 'is_coming_soon', value: !node.is_coming_soon })}
                >
                  {node.is_coming_soon ? 'Not coming soon' : 'Mark as coming soon'}
                </Menu.Item>
              )}
              {(isLesson || node.node_type === 'attachment') && (
                <Menu.Item
                  leftSection={<IconStar size={14} aria-hidden />}
                  onClick={() => onAction({ kind: 'flag', node, flag: 'is_premium', value: !node.is_premium })}
                >
                  {node.is_premium ? 'Not premium' : 'Make premium'}
                </Menu.Item>
              )}
              {node.node_type !== 'exam' && (
                <Menu.Item
                  color="red"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  onClick={() => onAction({ kind: 'delete', node })}
                >
                  Delete
                </Menu.Item>
              )}
              {isSection && (
                <>
                  <Menu.Divider />
                  <Menu.Item
                    leftSection={<IconPlus size={14} aria-hidden />}
                    onClick={() =>
                      onAction({ kind: 'add', what: 'section', parentNodeId: node.node_id, parentTitle: node.title })
                    }
                  >
                    Add a sub-topic
                  </Menu.Item>
                  <Menu.Item
                    leftSection={<IconPlus size={14} aria-hidden />}
                    onClick={() =>
                      onAction({ kind: 'add', what: 'lesson', parentNodeId: node.node_id, parentTitle: node.title })
                    }
                  >
                    Add a lesson
                  </Menu.Item>
                </>
              )}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Paper>
      {(isSection || node.children.length > 0) && (
        <Box pl={36} pt={6} aria-label={`In ${node.title}`} role="group">
          <TreeLevel nodes={node.children} parentNodeId={node.node_id} onAction={onAction} disabled={disabled} />
        </Box>
      )}
    </Box>
  );
}
