import type { TaskDetail, TaskItemInput, TaskItemKind, TaskOptions } from '@banksia/contracts/tasks';
import { TASK_TITLE_MAX } from '@banksia/contracts/tasks';
import { Alert, Button, Checkbox, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { zonedInstant, zonedWallClock } from '@banksia/contracts/rules/review';
import dayjs from 'dayjs';
import { useState, type FormEvent } from 'react';
import { DateField } from '../../../components/date-input';
import { fieldErrorsOf, type FieldErrors } from '../../../components/field-errors';
import { FormFailureAlert } from '../../../components/form-failure-alert';
import { LoadingState } from '../../../components/loading-state';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { browserTimeZone } from '../../../lib/time-zones';
import { useTaskOptions } from '../api/get-task-options';
import { useSaveTask } from '../api/save-task';

export interface TaskFormClass {
  id: number;
  title: string;
}

interface TaskFormProps {
  /** The classes the teacher may set a task for. */
  classes: readonly TaskFormClass[];
  /** The task being changed; absent when setting a new one. */
  task?: TaskDetail;
  /** Preselects a class when setting a new task. */
  initialClassId?: number | null;
  onSaved: (task: TaskDetail) => void;
  onCancel: () => void;
}

/** An item as the picker keys it: "lesson:12", "question_set:7"… */
type ItemKey = `${TaskItemKind}:${number}`;

function keyOf(item: {
  kind: TaskItemKind;
  lesson_id?: number | null;
  exam_id?: number | null;
  activity_id?: number | null;
}): ItemKey {
  const id = item.kind === 'lesson' ? item.lesson_id : item.kind === 'activity' ? item.activity_id : item.exam_id;
  return `${item.kind}:${id ?? 0}`;
}

function itemOfKey(key: ItemKey): TaskItemInput {
  const [kind, raw] = key.split(':') as [TaskItemKind, string];
  const id = Number(raw);
  if (kind === 'lesson') return { kind, lesson_id: id };
  if (kind === 'activity') return { kind, activity_id: id };
  return { kind, exam_id: id };
}

/** The picker's groups, in the order they are shown. */
function groupsOf(
  options: TaskOptions,
): { label: string; kind: TaskItemKind; choices: { id: number; title: string }[] }[] {
  return [
    { label: 'Lessons', kind: 'lesson' as const, choices: options.lessons },
    { label: 'Question sets', kind: 'question_set' as const, choices: options.question_sets },
    { label: 'Reflective sets', kind: 'question_set' as const, choices: options.reflective_sets },
    { label: 'Exams', kind: 'exam' as const, choices: options.exams },
    { label: 'Activities', kind: 'activity' as const, choices: options.activities },
  ].filter((group) => group.choices.length > 0);
}

/**
 * "Set a task" (and "Edit task"): the class, a title, when it is due (date dd/MM/yyyy and time), instructions, and
 * what to do, picked from the class's course grouped by type. Items keep the order they were ticked in.
 */
export function TaskForm({ classes, task, initialClassId = null, onSaved, onCancel }: TaskFormProps) {
  const editing = task !== undefined;
  const [classId, setClassId] = useState<number | null>(
    task?.class_id ?? initialClassId ?? (classes.length === 1 ? classes[0]!.id : null),
  );
  const [title, setTitle] = useState(task?.title ?? '');
  // The due date and time are the school's (its time zone, ADR 048), whatever the browser's zone.
  const dueWall = task ? zonedWallClock(new Date(task.due_at), task.time_zone) : null;
  const [dueDate, setDueDate] = useState<string | null>(dueWall?.date ?? null);
  const [dueTime, setDueTime] = useState(dueWall?.time ?? '15:00');
  const [instructions, setInstructions] = useState(task?.instructions ?? '');
  const [selected, setSelected] = useState<ItemKey[]>(task ? task.items.map((item) => keyOf(item)) : []);
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const options = useTaskOptions(classId);
  const timeZone = options.data?.time_zone ?? task?.time_zone ?? browserTimeZone();
  const save = useSaveTask(task?.id ?? null);
  const serverErrors = fieldErrorsOf(save.error);
  const itemErrors = Object.entries(serverErrors).filter(([field]) => field.startsWith('items.'));
  const errors: FieldErrors = { ...serverErrors, ...localErrors };

  function submit(event: FormEvent) {
    event.preventDefault();
    const problems: FieldErrors = {};
    if (classId === null) problems.class_id = 'Choose a class.';
    if (!title.trim()) problems.title = 'Give the task a title.';
    const due =
      dueDate && dayjs(dueDate).isValid() && /^\d{1,2}:\d{2}$/.test(dueTime)
        ? zonedInstant(dueDate, dueTime.padStart(5, '0'), timeZone)
        : null;
    if (!due || Number.isNaN(due.getTime())) problems.due_at = 'Enter the date (dd/mm/yyyy) and time it is due.';
    if (!selected.length) problems.items = 'Tick at least one thing for the class to do.';
    setLocalErrors(problems);
    if (Object.keys(problems).length || !due || classId === null) return;
    save.mutate(
      {
        class_id: classId,
        title: title.trim(),
        instructions,
        due_at: due.toISOString(),
        items: selected.map(itemOfKey),
      },
      { onSuccess: onSaved },
    );
  }

  const itemLabel = (field: string) => {
    const index = Number(field.split('.')[1]);
    const key = selected[index];
    const group =
      key && options.data ? groupsOf(options.data).flatMap((g) => g.choices.map((c) => ({ ...c, kind: g.kind }))) : [];
    return group.find((c) => key === `${c.kind}:${c.id}`)?.title ?? `Item ${index + 1}`;
  };

  return (
    <form onSubmit={submit} noValidate aria-label={editing ? 'Edit task' : 'Set a task'}>
      <Stack gap="md">
        <FormFailureAlert error={save.error} fieldErrors={serverErrors} title="The task was not saved" />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Class"
            placeholder="Choose a class"
            data={classes.map((c) => ({ value: String(c.id), label: c.title }))}
            value={classId === null ? null : String(classId)}
            onChange={(value) => {
              setClassId(value === null ? null : Number(value));
              setSelected([]);
            }}
            disabled={editing}
            required
            error={errors.class_id}
          />
          <TextInput
            label="Title"
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            maxLength={TASK_TITLE_MAX}
            required
            error={errors.title}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DateField label="Due date" value={dueDate} onChange={setDueDate} required error={errors.due_at} />
          <TimeInput
            label="Time due"
            description={timeZone === browserTimeZone() ? undefined : `School time (${timeZone})`}
            value={dueTime}
            onChange={(event) => setDueTime(event.currentTarget.value)}
            required
          />
        </SimpleGrid>
        <RichTextEditor
          label="Instructions"
          description="What students should know before they start (optional)."
          value={instructions}
          onChange={setInstructions}
          minHeight={120}
        />
        <Stack gap="xs">
          <Text fw={500} size="sm" component="h2">
            What to do
          </Text>
          {classId === null ? (
            <Text c="dimmed" size="sm">
              Choose a class to see the lessons, question sets, exams and activities of its course.
            </Text>
          ) : options.isPending ? (
            <LoadingState label="Loading the course's lessons and exams" py="sm" />
          ) : options.isError ? (
            <Alert color="red" title="The course's contents did not load">
              Close this form and try again.
            </Alert>
          ) : groupsOf(options.data).length === 0 ? (
            <Text c="dimmed" size="sm">
              This class's course has nothing published to set yet.
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              {groupsOf(options.data).map((group) => (
                <Checkbox.Group
                  key={group.label}
                  label={group.label}
                  value={selected.filter((key) => group.choices.some((c) => key === `${group.kind}:${c.id}`))}
                  onChange={(values) => {
                    const groupKeys = group.choices.map((c): ItemKey => `${group.kind}:${c.id}`);
                    setSelected((current) => [
                      ...current.filter((key) => !groupKeys.includes(key) || values.includes(key)),
                      ...(values as ItemKey[]).filter((key) => !current.includes(key)),
                    ]);
                  }}
                >
                  <Stack gap={6} mt={6}>
                    {group.choices.map((choice) => {
                      const key: ItemKey = `${group.kind}:${choice.id}`;
                      return <Checkbox key={key} value={key} label={choice.title} />;
                    })}
                  </Stack>
                </Checkbox.Group>
              ))}
            </SimpleGrid>
          )}
          {errors.items && (
            <Text c="red" size="sm" role="alert">
              {errors.items}
            </Text>
          )}
          {itemErrors.map(([field, message]) => (
            <Text key={field} c="red" size="sm" role="alert">
              {itemLabel(field)}: {message}
            </Text>
          ))}
          {selected.length > 0 && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {selected.length} {selected.length === 1 ? 'item' : 'items'} chosen
            </Text>
          )}
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {editing ? 'Save changes' : 'Set task'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
