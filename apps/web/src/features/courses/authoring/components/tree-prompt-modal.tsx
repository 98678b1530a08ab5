import type { AdminCourseDetail } from '@banksia/contracts/authoring-courses';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { destinations, findParent, type Prompt } from './tree-places';

function promptTitle(detail: AdminCourseDetail, prompt: Prompt | null): string {
  return prompt?.kind === 'rename'
    ? `Rename ${prompt.node.title}`
    : prompt?.kind === 'add'
      ? `Add a ${prompt.what === 'section' ? (prompt.parentNodeId === detail.root_node_id ? 'topic' : 'sub-topic') : 'lesson'} to ${prompt.parentTitle}`
      : prompt?.kind === 'move'
        ? `Move ${prompt.node.title}`
        : prompt?.kind === 'delete'
          ? `Delete ${prompt.node.title}?`
          : '';
}

/** The tree's dialog: a title to rename or add with, a place to move to, or the warning before a deletion. */
export function TreePromptModal({
  detail,
  prompt,
  text,
  target,
  busy,
  onText,
  onTarget,
  onClose,
  onSubmit,
}: {
  detail: AdminCourseDetail;
  prompt: Prompt | null;
  text: string;
  target: string | null;
  busy: boolean;
  onText: (text: string) => void;
  onTarget: (target: string | null) => void;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
}) {
  const currentParent =
    prompt?.kind === 'move' ? findParent(detail.tree, detail.root_node_id, prompt.node.node_id) : null;

  return (
    <Modal opened={prompt !== null} onClose={onClose} title={promptTitle(detail, prompt)} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {prompt?.kind === 'delete' ? (
            <Text>
              {prompt.node.node_type === 'section'
                ? 'The topic is deleted for good. Only an empty topic can be deleted: move or delete what it holds first.'
                : prompt.node.node_type === 'lesson'
                  ? 'The lesson, its parts and its attachments are deleted for good. A lesson students have opened or worked in cannot be deleted: unpublish it instead.'
                  : 'The attachment is removed from the course for good.'}
            </Text>
          ) : prompt?.kind === 'move' ? (
            <Select
              label="Move to"
              data={destinations(detail, prompt.node).filter(
                (d) =>
                  Number(d.value) !== (currentParent?.node_id ?? (currentParent === null ? detail.root_node_id : -1)),
              )}
              value={target}
              onChange={onTarget}
              searchable
              data-autofocus
            />
          ) : (
            <TextInput
              label="Title"
              required
              value={text}
              onChange={(e) => onText(e.currentTarget.value)}
              data-autofocus
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              loading={busy}
              color={prompt?.kind === 'delete' ? 'red' : undefined}
              disabled={prompt?.kind === 'delete' ? false : prompt?.kind === 'move' ? !target : !text.trim()}
            >
              {prompt?.kind === 'delete'
                ? 'Delete'
                : prompt?.kind === 'move'
                  ? 'Move'
                  : prompt?.kind === 'add'
                    ? 'Add'
                    : 'Rename'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
