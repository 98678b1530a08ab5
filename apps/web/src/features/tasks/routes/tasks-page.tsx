import type { TaskDetail, TaskSummary } from '@banksia/contracts/tasks';
import {
  Anchor,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  List,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { IconCircleCheck, IconCircleDashed, IconClipboardList, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { LoadingState } from '../../../components/loading-state';
import { ProgressBar } from '../../../components/progress-bar';
import { urlFor } from '../../../lib/named-routes';
import { useTasks } from '../api/list-tasks';
import { TaskForm, type TaskFormClass } from '../components/task-form';
import { countOf, formatDue, itemHref, itemKindLabel } from '../utils/task-format';

interface TasksPageProps {
  /** Classes the user teaches: they may set these tasks. */
  teacherClasses: readonly TaskFormClass[];
}

/**
 * /tasks/: a teacher's tasks by class with a "Set a task" button, and a student's "My tasks" with what is left. Someone
 * who both teaches and studies sees both.
 */
export function TasksPage({ teacherClasses }: TasksPageProps) {
  const tasks = useTasks();
  const navigate = useNavigate();
  const [formOpen, form] = useDisclosure(false);
  const isTeacher = teacherClasses.length > 0;
  useDocumentTitle(`${isTeacher ? 'Tasks' : 'My tasks'} · Banksia`);
  if (tasks.isError) throw tasks.error;

  const set = tasks.data?.tasks.filter((t) => t.viewer === 'teacher') ?? [];
  const mine = tasks.data?.tasks.filter((t) => t.viewer === 'student') ?? [];
  const showStudent = !isTeacher || mine.length > 0;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{isTeacher ? 'Tasks' : 'My tasks'}</Title>
          <Text c="dimmed" mt={4}>
            {isTeacher
              ? 'Work you have set your classes, and how far each class has got.'
              : 'Work your teachers have set you, with what is left to do.'}
          </Text>
        </div>
        {isTeacher && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={form.open}>
            Set a task
          </Button>
        )}
      </Group>

      {tasks.isPending ? (
        <LoadingState label="Loading tasks" />
      ) : (
        <>
          {isTeacher && <TeacherTasks tasks={set} onSetTask={form.open} />}
          {showStudent && <StudentTasks tasks={mine} withHeading={isTeacher} />}
        </>
      )}

      <Modal opened={formOpen} onClose={form.close} title="Set a task" size="xl">
        <TaskForm
          classes={teacherClasses}
          onCancel={form.close}
          onSaved={(task: TaskDetail) => {
            form.close();
            void navigate(urlFor('task', { taskId: task.id }));
          }}
        />
      </Modal>
    </Stack>
  );
}

function TeacherTasks({ tasks, onSetTask }: { tasks: TaskSummary[]; onSetTask: () => void }) {
  if (!tasks.length) {
    return (
      <EmptyState
        icon={<IconClipboardList size={28} aria-hidden />}
        title="You have not set any tasks yet"
        description="Choose “Set a task” to give a class lessons, question sets, exams or activities to do by a date."
      >
        <Button onClick={onSetTask} mt="sm">
          Set a task
        </Button>
      </EmptyState>
    );
  }
  const byClass = new Map<number, { title: string; tasks: TaskSummary[] }>();
  for (const task of tasks) {
    const entry = byClass.get(task.class_id) ?? { title: task.class_title, tasks: [] };
    entry.tasks.push(task);
    byClass.set(task.class_id, entry);
  }
  const ordered = [...byClass.entries()].sort(([, a], [, b]) =>
    a.title.localeCompare(b.title, 'en', { numeric: true }),
  );
  return (
    <Stack gap="xl">
      {ordered.map(([classId, group]) => (
        <Stack key={classId} gap="sm" component="section" aria-labelledby={`tasks-class-${classId}`}>
          <Title order={2} id={`tasks-class-${classId}`}>
            {group.title}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {group.tasks.map((task) => (
              <Card key={task.id} withBorder padding="md">
                <Stack gap={6}>
                  <Anchor component={Link} to={urlFor('task', { taskId: task.id })} fw={600}>
                    {task.title}
                  </Anchor>
                  <Group gap="xs">
                    <Text size="sm">Due {formatDue(task.due_at, task.time_zone)}</Text>
                    {task.overdue && (
                      <Badge color="gray" variant="light">
                        Past due
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {task.item_count} {task.item_count === 1 ? 'item' : 'items'} ·{' '}
                    {countOf(task.students_done ?? 0, task.roster, 'students done')}
                  </Text>
                  <ProgressBar
                    value={task.students_done}
                    total={task.roster}
                    label={`${task.title}: students who have done every item`}
                  />
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}

/** A student's tasks: due date, items done and left with a link to each, overdue ones highlighted. */
export function StudentTasks({ tasks, withHeading = false }: { tasks: TaskSummary[]; withHeading?: boolean }) {
  const content = !tasks.length ? (
    <EmptyState
      icon={<IconClipboardList size={28} aria-hidden />}
      title="No tasks yet"
      description="When a teacher sets your class a task, it shows here with its due date and what to do."
    />
  ) : (
    <Stack gap="md">
      {tasks.map((task) => (
        <Card
          key={task.id}
          withBorder
          padding="md"
          style={task.overdue ? { borderColor: 'var(--mantine-color-red-6)', borderWidth: 2 } : undefined}
          component="article"
          aria-labelledby={`task-${task.id}`}
        >
          <Stack gap="xs">
            <Group justify="space-between" align="flex-start">
              <div>
                <Anchor component={Link} to={urlFor('task', { taskId: task.id })} fw={600} id={`task-${task.id}`}>
                  {task.title}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {task.class_title}
                </Text>
              </div>
              <Group gap="xs">
                {task.overdue && <Badge color="red">Overdue</Badge>}
                {task.items_left === 0 && (
                  <Badge color="teal" variant="light">
                    All done
                  </Badge>
                )}
              </Group>
            </Group>
            <Text size="sm" c={task.overdue ? 'red.8' : undefined} fw={task.overdue ? 600 : undefined}>
              Due {formatDue(task.due_at, task.time_zone)}
            </Text>
            <Text size="sm">
              {countOf(task.items_done ?? 0, task.item_count, 'done')}
              {task.items_left ? ` · ${task.items_left} left` : ''}
            </Text>
            <List spacing={4} size="sm" center aria-label={`What to do for ${task.title}`}>
              {task.items.map((item) => {
                const href = itemHref(task.class_id, item);
                return (
                  <List.Item
                    key={item.id}
                    icon={
                      <ThemeIcon color={item.done ? 'teal' : 'gray'} variant="light" size={20} radius="xl">
                        {item.done ? (
                          <IconCircleCheck size={14} aria-hidden />
                        ) : (
                          <IconCircleDashed size={14} aria-hidden />
                        )}
                      </ThemeIcon>
                    }
                  >
                    <Text span size="sm">
                      {href ? (
                        <Anchor component={Link} to={href}>
                          {item.title}
                        </Anchor>
                      ) : (
                        item.title
                      )}{' '}
                      <Text span c="dimmed" size="xs">
                        ({itemKindLabel(item)}, {item.done ? 'done' : 'to do'})
                      </Text>
                    </Text>
                  </List.Item>
                );
              })}
            </List>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
  if (!withHeading) return content;
  return (
    <Stack gap="sm" component="section" aria-labelledby="my-tasks">
      <Title order={2} id="my-tasks">
        My tasks
      </Title>
      {content}
    </Stack>
  );
}
