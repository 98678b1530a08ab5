import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AnonymiserToggle } from '../../../components/anonymiser-toggle';
import { LoadingState } from '../../../components/loading-state';
import { ProgressBar } from '../../../components/progress-bar';
import { useAnonymiser } from '../../../lib/anonymiser';
import { urlFor } from '../../../lib/named-routes';
import { useTaskItem } from '../api/get-task-item';
import { formatDue, itemHref, itemKindLabel } from '../utils/task-format';

/** /tasks/{taskId}/task-items/{taskItemId}/: who has and has not done an item (teachers), or the student's status. */
export function TaskItemPage({ taskId, taskItemId, above }: { taskId: number; taskItemId: number; above?: ReactNode }) {
  const [anonymised, setAnonymised] = useAnonymiser();
  const detail = useTaskItem({ taskId, taskItemId }, anonymised);
  useDocumentTitle(`${detail.data?.item.title ?? 'Task item'} · Banksia`);
  if (detail.isError) throw detail.error;
  if (detail.isPending) return <LoadingState label="Loading the item" />;
  const { task, item, students } = detail.data;
  const href = itemHref(task.class_id, item);

  return (
    <Stack gap="lg">
      {above}
      <div>
        <Title order={1}>{item.title}</Title>
        <Text c="dimmed" mt={4}>
          {itemKindLabel(item)} in “{task.title}” · {task.class_title} · Due {formatDue(task.due_at, task.time_zone)}
        </Text>
      </div>
      {task.viewer === 'student' ? (
        <Paper withBorder p="md">
          <Stack gap="sm" align="flex-start">
            {item.done ? (
              <Badge color="teal" size="lg">
                Done
              </Badge>
            ) : (
              <Badge color={task.overdue ? 'red' : 'gray'} size="lg">
                {task.overdue ? 'Overdue' : 'Not done yet'}
              </Badge>
            )}
            {item.kind === 'lesson' && item.chunk_count !== null && (
              <Text size="sm">
                {item.chunks_visited ?? 0} of {item.chunk_count} {item.chunk_count === 1 ? 'part' : 'parts'} visited.
                Open every part to finish the lesson.
              </Text>
            )}
            {item.kind === 'activity' && !item.done && (
              <Text size="sm">Answer at least one part of the activity to finish it.</Text>
            )}
            {(item.kind === 'exam' || item.kind === 'question_set') && !item.done && (
              <Text size="sm">Submit your answers to finish it.</Text>
            )}
            {href ? (
              <Button component={Link} to={href}>
                {item.done ? `Open ${item.title} again` : `Open ${item.title}`}
              </Button>
            ) : (
              <Text size="sm" c="dimmed">
                This activity has no page of its own: open it from your course.
              </Text>
            )}
          </Stack>
        </Paper>
      ) : (
        <TeacherItem
          taskId={task.id}
          itemTitle={item.title}
          done={item.done_count ?? 0}
          roster={task.roster}
          students={students}
          anonymised={anonymised}
          onAnonymise={setAnonymised}
        />
      )}
    </Stack>
  );
}

function TeacherItem({
  taskId,
  itemTitle,
  done,
  roster,
  students,
  anonymised,
  onAnonymise,
}: {
  taskId: number;
  itemTitle: string;
  done: number;
  roster: number;
  students: { profile_id: number; display_name: string; done: boolean; status: string }[];
  anonymised: boolean;
  onAnonymise: (on: boolean) => void;
}) {
  const finished = students.filter((s) => s.done);
  const waiting = students.filter((s) => !s.done);
  const list = (title: string, rows: typeof students, empty: string) => (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={2} size="h3">
        {title} ({rows.length})
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {empty}
        </Text>
      ) : (
        <Table withTableBorder striped captionSide="top">
          <Table.Caption>{title}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Student</Table.Th>
              <Table.Th scope="col">Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((s) => (
              <Table.Tr key={s.profile_id}>
                <Table.Th scope="row" fw={400}>
                  {s.display_name}
                </Table.Th>
                <Table.Td>{s.status}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div style={{ minWidth: 240, flex: 1 }}>
          <ProgressBar value={done} total={roster} label={`${itemTitle}: students done`} />
          <Text size="sm" c="dimmed">
            {done} of {roster} students done ·{' '}
            <Anchor component={Link} to={urlFor('task-insights', { taskId })}>
              See the task's insights
            </Anchor>
          </Text>
        </div>
        <AnonymiserToggle checked={anonymised} onChange={onAnonymise} />
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {list('Not done yet', waiting, 'Everyone has done it.')}
        {list('Done', finished, 'Nobody has done it yet.')}
      </SimpleGrid>
    </Stack>
  );
}
