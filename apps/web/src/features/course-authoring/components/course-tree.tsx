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
import { urlFor } from '../../../lib/named-routes';

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

function titleOf(nodes: AuthoringTreeNode[], id: string | number): string {
  return nodes.find((n) => n.node_id === Number(id))?.title ?? 'the item';
}

/**
 * One level of the course tree, sortable by drag and drop and by keyboard (dnd-kit, ADR 017): focus an item's
 * handle, press Space to pick it up, the arrow keys to move it, Space to drop it or Escape to cancel. Topics hold
 * their own sortable level. Moving to another topic, renaming, publishing and deleting are in each item's menu.
 */
export function CourseTree({ nodes, parentNodeId, parentTitle, onAction, disabled }: CourseTreeProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = nodes.map((n) => n.node_id);
  const position = (id: string | number) => ids.indexOf(Number(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${titleOf(nodes, active.id)}, position ${position(active.id)} of ${ids.length} in ${parentTitle}.`,
    onDragOver: ({ active, over }) =>
      over ? `${titleOf(nodes, active.id)} is now at position ${position(over.id)} of ${ids.length}.` : '',
    onDragEnd: ({ active, over }) =>
      over
        ? `${titleOf(nodes, active.id)} dropped at position ${position(over.id)} of ${ids.length}.`
        : `${titleOf(nodes, active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${titleOf(nodes, active.id)} was cancelled.`,
  };

  const reorder = (from: number, to: number) => {
    if (from === to || to < 0 || to >= ids.length) return;
    onAction({ kind: 'reorder', parentNodeId, nodeIds: arrayMove(ids, from, to) });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    reorder(ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id)));
  };

  if (!nodes.length) {
    return (
      <Text size="sm" c="dimmed" py={4}>
        Nothing here yet.
      </Text>
    );
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To reorder, press Space to pick up the item, the up and down arrow keys to move it, and Space again to drop it. Press Escape to cancel.',
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
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
    </DndContext>
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
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition, zIndex: isDragging ? 2 : undefined }}
      data-testid={`tree-node-${node.node_id}`}
    >
      <Paper withBorder px="xs" py={6} shadow={isDragging ? 'md' : undefined}>
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
          <CourseTree
            nodes={node.children}
            parentNodeId={node.node_id}
            parentTitle={node.title}
            onAction={onAction}
            disabled={disabled}
          />
        </Box>
      )}
    </Box>
  );
}
