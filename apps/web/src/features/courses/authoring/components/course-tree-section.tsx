import type { AdminCourseDetail } from '@banksia/contracts/authoring-courses';
import { Alert, Button, Group, Paper, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Send } from '../hooks/use-course-send';
import { useTreeActions } from '../hooks/use-tree-actions';
import { useTreePrompt } from '../hooks/use-tree-prompt';
import { CourseTree } from './course-tree';
import { TreePromptModal } from './tree-prompt-modal';

/** The course's topics, lessons, exams and attachments: drag to reorder, menus to move, rename, publish, delete. */
export function CourseTreeSection({ detail, send, busy }: { detail: AdminCourseDetail; send: Send; busy: boolean }) {
  const dialog = useTreePrompt(detail, send);
  const { onAction, lessonError, lessonPending } = useTreeActions(detail, send, dialog.open);

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="course-tree-title">
      <Group justify="space-between" mb="sm">
        <div>
          <Title order={2} size="h3" id="course-tree-title">
            Topics and lessons
          </Title>
          <Text size="sm" c="dimmed">
            Drag an item by its handle, or focus the handle and press Space, the arrow keys, then Space to drop. Each
            item&apos;s menu moves it elsewhere, renames it and publishes it. Students see a change on their next page
            load.
          </Text>
        </div>
        <Group>
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() =>
              dialog.open({
                kind: 'add',
                what: 'section',
                parentNodeId: detail.root_node_id,
                parentTitle: detail.course.title,
              })
            }
          >
            Add a topic
          </Button>
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() =>
              dialog.open({
                kind: 'add',
                what: 'lesson',
                parentNodeId: detail.root_node_id,
                parentTitle: detail.course.title,
              })
            }
          >
            Add a lesson
          </Button>
        </Group>
      </Group>
      {lessonError && (
        <Alert color="red" title="The lesson was not changed" mb="sm">
          {lessonError}
        </Alert>
      )}
      <CourseTree
        nodes={detail.tree}
        parentNodeId={detail.root_node_id}
        parentTitle={detail.course.title}
        onAction={onAction}
        disabled={busy || lessonPending}
      />
      <TreePromptModal
        detail={detail}
        prompt={dialog.prompt}
        text={dialog.text}
        target={dialog.target}
        busy={busy}
        onText={dialog.setText}
        onTarget={dialog.setTarget}
        onClose={dialog.close}
        onSubmit={dialog.submit}
      />
    </Paper>
  );
}
