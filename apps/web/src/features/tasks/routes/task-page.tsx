import type { TaskDetail } from '@banksia/contracts/tasks';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { IconCheck, IconCircleCheck, IconCircleDashed, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { AnonymiserToggle } from '../../../components/anonymiser-toggle';
import { formErrorOf } from '../../../components/field-errors';
import { LoadingState } from '../../../components/loading-state';
import { ProgressBar } from '../../../components/progress-bar';
import { SafeHtml } from '../../../components/safe-html';
import { useAnonymiser } from '../../../lib/anonymiser';
import { urlFor } from '../../../lib/named-routes';
import { useDeleteTask } from '../api/delete-task';
import { useTask } from '../api/get-task';
import { TaskForm, type TaskFormClass } from '../components/task-form';
import { formatDue, itemHref, itemKindLabel } from '../utils/task-format';

interface TaskPageProps {
  taskId: number;
  teacherClasses: readonly TaskFormClass[];
  /** Breadcrumbs, from the app. */
  above?: ReactNode;
}

/** /tasks/{taskId}/: a teacher's view of how the class is doing (edit, delete), or a student's list of what to do. */
export function TaskPage({ taskId, teacherClasses, above }: TaskPageProps) {
  const [anonymised, setAnonymised] = useAnonymiser();
  const task = useTask(taskId, anonymised);
  useDocumentTitle(`${task.data?.title ?? 'Task'} · Banksia`);
  if (task.isError) throw task.error;
  if (task.isPending) return <LoadingState label="Loading the task" />;
  const t = task.data;
  return (
    <Stack gap="lg">
      {above}
      <div>
        <Title order={1}>{t.title}</Title>
        <Group gap="xs" mt={4}>
          <Text c="dimmed">
            {t.class_title} · Due {formatDue(t.due_at, t.time_zone)}
          </Text>
          {t.overdue && (
            <Badge color={t.viewer === 'student' ? 'red' : 'gray'}>
              {t.viewer === 'student' ? 'Overdue' : 'Past due'}
            </Badge>
          )}
        </Group>
      </div>
      {t.instructions && (
        <Paper withBorder p="md">
          <VisuallyHidden>
            <Title order={2}>Instructions</Title>
          </VisuallyHidden>
          <SafeHtml html={t.instructions} />
        </Paper>
      )}
      {t.viewer === 'teacher' ? (
        <TeacherTask task={t} teacherClasses={teacherClasses} anonymised={anonymised} onAnonymise={setAnonymised} />
      ) : (
        <StudentTask task={t} />
      )}
    </Stack>
  );
}

function TeacherTask({
  task,
  teacherClasses,
  anonymised,
  onAnonymise,
}: {
  task: TaskDetail;
  teacherClasses: readonly TaskFormClass[];
  anonymised: boolean;
  onAnonymise: (on: boolean) => void;
}) {
  const [editOpen, edit] = useDisclosure(false);
  const [deleteOpen, confirmDelete] = useDisclosure(false);
  const remove = useDeleteTask(task.id);
  const navigate = useNavigate();
  // The class itself may be one the user reaches as a school admin rather than a teacher: the form still needs it.
  const classes = teacherClasses.some((c) => c.id === task.class_id)
    ? teacherClasses
    : [...teacherClasses, { id: task.class_id, title: task.class_title }];
  return (
    <>
      <Group gap="sm">
        <Button component={Link} to={urlFor('task-insights', { taskId: task.id })} variant="light">
          Insights
        </Button>
        <Button leftSection={<IconPencil size={16} aria-hidden />} variant="default" onClick={edit.open}>
          Edit task
        </Button>
        <Button
          leftSection={<IconTrash size={16} aria-hidden />}
          color="red"
          variant="subtle"
          onClick={confirmDelete.open}
        >
          Delete task
        </Button>
      </Group>

      <Stack gap="sm" component="section" aria-labelledby="task-items-heading">
        <Title order={2} id="task-items-heading">
          Completion by item
        </Title>
        <Text size="sm" c="dimmed">
          {task.students_done ?? 0} of {task.roster} students have done everything.
        </Text>
        <Table.ScrollContainer minWidth={480}>
          <Table withTableBorder striped captionSide="top">
            <Table.Caption>Students who have done each item</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Item</Table.Th>
                <Table.Th scope="col">Type</Table.Th>
                <Table.Th scope="col" w="40%">
                  Done
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {task.items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Th scope="row" fw={400}>
                    <Anchor component={Link} to={urlFor('task-item', { taskId: task.id, taskItemId: item.id })}>
                      {item.title}
                    </Anchor>
                  </Table.Th>
                  <Table.Td>{itemKindLabel(item)}</Table.Td>
                  <Table.Td>
                    <ProgressBar value={item.done_count} total={task.roster} label={`${item.title}: students done`} />
                    <Text size="xs" c="dimmed">
                      {item.done_count ?? 0} of {task.roster}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="task-students-heading">
        <Group justify="space-between" align="flex-end">
          <Title order={2} id="task-students-heading">
            Students
          </Title>
          <AnonymiserToggle checked={anonymised} onChange={onAnonymise} />
        </Group>
        {task.students.length === 0 ? (
          <Text c="dimmed">
            No students are on this class's roster yet. Add students to the class to track their work.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table withTableBorder striped captionSide="top">
              <Table.Caption>Each student's done items (a tick means done)</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Student</Table.Th>
                  {task.items.map((item) => (
                    <Table.Th scope="col" key={item.id}>
                      {item.title}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {task.students.map((student) => (
                  <Table.Tr key={student.profile_id}>
                    <Table.Th scope="row" fw={400}>
                      {student.display_name}
                    </Table.Th>
                    {task.items.map((item) => {
                      const done = student.done_item_ids.includes(item.id);
                      return (
                        <Table.Td key={item.id}>
                          {done ? (
                            <IconCheck size={18} color="var(--mantine-color-teal-7)" aria-label="Done" role="img" />
                          ) : (
                            <Text span c="dimmed" size="sm">
                              Not yet
                            </Text>
                          )}
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>

      <Modal opened={editOpen} onClose={edit.close} title="Edit task" size="xl">
        <TaskForm classes={classes} task={task} onCancel={edit.close} onSaved={edit.close} />
      </Modal>
      <Modal opened={deleteOpen} onClose={confirmDelete.close} title="Delete this task?">
        <Stack>
          <Text>
            “{task.title}” will be removed for {task.class_title}. Students' work on the lessons, exams and activities
            is kept.
          </Text>
          {remove.isError && (
            <Alert color="red" title="The task was not deleted">
              {formErrorOf(remove.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={confirmDelete.close}>
              Keep task
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate(undefined, { onSuccess: () => void navigate(urlFor('tasks')) })}
            >
              Delete task
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function StudentTask({ task }: { task: TaskDetail }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="task-todo-heading">
      <Title order={2} id="task-todo-heading">
        What to do
      </Title>
      <Text size="sm">
        {task.items_done ?? 0} of {task.item_count} done
        {task.items_left ? ` · ${task.items_left} left` : ' · all done, well done!'}
      </Text>
      <Stack gap="xs">
        {task.items.map((item) => {
          const href = itemHref(task.class_id, item);
          return (
            <Paper key={item.id} withBorder p="sm">
              <Group justify="space-between" wrap="nowrap">
                <Group gap="sm" wrap="nowrap">
                  <ThemeIcon color={item.done ? 'teal' : 'gray'} variant="light" radius="xl">
                    {item.done ? (
                      <IconCircleCheck size={18} aria-label="Done" role="img" />
                    ) : (
                      <IconCircleDashed size={18} aria-label="Not done yet" role="img" />
                    )}
                  </ThemeIcon>
                  <div>
                    <Anchor component={Link} to={urlFor('task-item', { taskId: task.id, taskItemId: item.id })}>
                      {item.title}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {itemKindLabel(item)}
                      {item.kind === 'lesson' && item.chunk_count !== null
                        ? ` · ${item.chunks_visited ?? 0} of ${item.chunk_count} ${item.chunk_count === 1 ? 'part' : 'parts'} visited`
                        : ''}
                    </Text>
                  </div>
                </Group>
                {href ? (
                  <Button
                    component={Link}
                    to={href}
                    size="xs"
                    variant={item.done ? 'default' : 'filled'}
                    aria-label={`${item.done ? 'Open again' : 'Start'}: ${item.title}`}
                  >
                    {item.done ? 'Open again' : 'Start'}
                  </Button>
                ) : (
                  <Text size="xs" c="dimmed">
                    Open it from your course
                  </Text>
                )}
              </Group>
            </Paper>
          );
        })}
      </Stack>
    </Stack>
  );
}
