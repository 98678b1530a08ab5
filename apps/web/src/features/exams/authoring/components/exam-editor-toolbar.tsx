import { examKindLabels, type ExamAuthoring, type ExamKind } from '@banksia/contracts/exam-authoring';
import { Alert, Badge, Button, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { SaveIndicator, type SaveStatus } from '../../../../components/save-indicator';
import type { ExamSaveProblem } from '../hooks/use-exam-autosave';

/** The editor's sticky bar: draft or published, the exam's size, the save indicator, Publish/Unpublish. */
export function ExamEditorToolbar({
  meta,
  kind,
  status,
  problem,
  errorCount,
  unsaved,
  publishing,
  publishError,
  onTogglePublished,
  actions,
}: {
  meta: ExamAuthoring;
  kind: ExamKind;
  status: SaveStatus;
  problem: ExamSaveProblem | null;
  errorCount: number;
  unsaved: boolean;
  publishing: boolean;
  publishError: string | null;
  onTogglePublished: () => void;
  actions?: ReactNode;
}) {
  const indicatorText =
    problem?.kind === 'conflict'
      ? 'Not saved: changed elsewhere'
      : problem?.kind === 'invalid' || problem?.kind === 'refused'
        ? `Not saved: ${errorCount} ${errorCount === 1 ? 'field needs' : 'fields need'} attention`
        : undefined;
  return (
    <Paper withBorder p="md" pos="sticky" top="var(--app-shell-header-height, 0px)" style={{ zIndex: 5 }}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Badge color={meta.is_published ? 'teal' : 'gray'} variant="light">
            {meta.is_published ? 'Published' : 'Draft'}
          </Badge>
          <Text size="sm" c="dimmed">
            {examKindLabels[kind]} · {meta.question_count} {meta.question_count === 1 ? 'question' : 'questions'} ·{' '}
            {meta.marks_total} {meta.marks_total === 1 ? 'mark' : 'marks'} · {meta.course_title}
          </Text>
        </Group>
        <Group gap="sm">
          <SaveIndicator status={status} {...(indicatorText ? { errorText: indicatorText } : {})} />
          <Button
            variant={meta.is_published ? 'default' : 'filled'}
            onClick={onTogglePublished}
            loading={publishing}
            disabled={unsaved || problem?.kind === 'conflict'}
            title={unsaved ? 'Wait for your changes to save first' : undefined}
          >
            {meta.is_published ? 'Unpublish' : 'Publish'}
          </Button>
          {actions}
        </Group>
      </Group>
      {publishError && (
        <Alert color="red" mt="sm" title="Not published">
          {publishError}
        </Alert>
      )}
    </Paper>
  );
}
