import type { AdminLesson, UpdateLessonBody } from '@banksia/contracts/authoring-courses';
import { updateLessonBody } from '@banksia/contracts/authoring-courses';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
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
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconExternalLink, IconGripVertical, IconPlus, IconTrash } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { fieldErrorsOf, formErrorOf, type FieldErrors } from '../../../../components/field-errors';
import { LoadingState } from '../../../../components/loading-state';
import { RequestFailure } from '../../../../components/request-failure';
import { SaveIndicator, type SaveStatus } from '../../../../components/save-indicator';
import { urlFor } from '../../../../lib/named-routes';
import { useAdminLesson } from '../api/get-lesson';
import { useUpdateLesson } from '../api/update-lesson';
import { UnsavedGuard } from '../../../../components/unsaved-guard';

interface ChunkDraft {
  /** Stable key for the list (new parts get a negative one). */
  key: number;
  id: number | null;
  title: string;
  video_id: number | null;
}

interface LessonDraft {
  title: string;
  is_published: boolean;
  is_coming_soon: boolean;
  is_premium: boolean;
  has_success_measure: boolean;
  question_set_id: number | null;
  chunks: ChunkDraft[];
}

function draftOf(lesson: AdminLesson['lesson']): LessonDraft {
  return {
    title: lesson.title,
    is_published: lesson.is_published,
    is_coming_soon: lesson.is_coming_soon,
    is_premium: lesson.is_premium,
    has_success_measure: lesson.has_success_measure,
    question_set_id: lesson.question_set_id,
    chunks: lesson.chunks.map((c) => ({ key: c.id, id: c.id, title: c.title, video_id: c.video_id })),
  };
}

function comparable(d: LessonDraft) {
  return { ...d, chunks: d.chunks.map(({ id, title, video_id }) => ({ id, title, video_id })) };
}

/** /content/admin/lessons/edit/{lessonId}/: the lesson's title, parts and videos, question set and publishing. */
export function LessonEditRoute() {
  const lessonId = Number(useParams().lessonId);
  const lesson = useAdminLesson(lessonId);
  useDocumentTitle(lesson.data ? `${lesson.data.lesson.title} · Lessons · Banksia` : 'Lesson · Banksia');
  if (lesson.isError && !lesson.data) throw lesson.error;
  if (!lesson.data) return <LoadingState label="Loading the lesson" />;
  return <LessonEditor key={lessonId} data={lesson.data} reload={() => lesson.refetch()} />;
}

function LessonEditor({ data, reload }: { data: AdminLesson; reload: () => Promise<unknown> }) {
  const { lesson } = data;
  const save = useUpdateLesson(lesson.id, lesson.course_id);
  const [draft, setDraft] = useState<LessonDraft>(() => draftOf(lesson));
  const [base, setBase] = useState(lesson);
  const [status, setStatus] = useState<SaveStatus>('saved');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<{ conflict: boolean; message: string } | null>(null);
  const nextKey = useRef(-1);
  const dirty = JSON.stringify(comparable(draft)) !== JSON.stringify(comparable(draftOf(base)));

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const change = (patch: Partial<LessonDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const changeChunk = (key: number, patch: Partial<ChunkDraft>) =>
    setDraft((d) => ({ ...d, chunks: d.chunks.map((c) => (c.key === key ? { ...c, ...patch } : c)) }));

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    setDraft((d) => {
      const keys = d.chunks.map((c) => c.key);
      return { ...d, chunks: arrayMove(d.chunks, keys.indexOf(Number(active.id)), keys.indexOf(Number(over.id))) };
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const found: FieldErrors = {};
    draft.chunks.forEach((c, i) => {
      if (!c.title.trim()) found[`chunks.${i}.title`] = 'Give the part a title.';
      if (c.video_id === null) found[`chunks.${i}.video_id`] = 'Choose a video.';
    });
    const body: UpdateLessonBody = {
      version: base.version,
      title: draft.title,
      is_published: draft.is_published,
      is_coming_soon: draft.is_coming_soon,
      is_premium: draft.is_premium,
      has_success_measure: draft.has_success_measure,
      question_set_id: draft.question_set_id,
      chunks: draft.chunks.map((c) => ({ id: c.id, title: c.title, video_id: c.video_id ?? 0 })),
    };
    const parsed = updateLessonBody.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
    }
    setErrors(found);
    if (Object.keys(found).length) {
      setStatus('error');
      return;
    }
    setStatus('saving');
    save.mutate(body, {
      onSuccess: (answer) => {
        setBase(answer.lesson);
        setDraft(draftOf(answer.lesson));
        setStatus('saved');
      },
      onError: (error) => {
        setStatus('error');
        const fields = fieldErrorsOf(error);
        setErrors(fields);
        const conflict = error instanceof RequestFailure && error.status === 409;
        setProblem({ conflict, message: Object.values(fields)[0] ?? formErrorOf(error) });
      },
    });
  };

  const videoOptions = data.videos.map((v) => ({ value: String(v.id), label: v.label }));
  const preview = data.preview_class_id
    ? urlFor('class-lesson', { classId: data.preview_class_id, lessonId: lesson.id })
    : urlFor('course', { courseId: lesson.course_id });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <UnsavedGuard unsaved={dirty}>
          Your changes to this lesson are not saved. If you leave now, they are lost.
        </UnsavedGuard>
        <Group justify="space-between" align="flex-start">
          <div>
            <Anchor component={Link} to={urlFor('content-admin-course-edit', { courseId: lesson.course_id })} size="sm">
              {lesson.course_title}
            </Anchor>
            <Group gap="sm" mt={4}>
              <Title order={1}>{base.title}</Title>
              <Badge color={base.is_published ? 'teal' : 'gray'} variant="light" size="lg">
                {base.is_published ? 'Published' : 'Draft'}
              </Badge>
            </Group>
          </div>
          <Stack gap={4} align="flex-end">
            <Group>
              <Button
                variant="default"
                component="a"
                href={preview}
                target="_blank"
                rel="noreferrer"
                rightSection={<IconExternalLink size={14} aria-hidden />}
              >
                View as student
              </Button>
              <Button type="submit" loading={save.isPending} disabled={!dirty}>
                Save the lesson
              </Button>
            </Group>
            <SaveIndicator status={status} />
            {dirty && (
              <Text size="sm" c="dimmed">
                Unsaved changes
              </Text>
            )}
          </Stack>
        </Group>
        {problem && (
          <Alert
            color={problem.conflict ? 'yellow' : 'red'}
            title={problem.conflict ? 'Changed elsewhere' : 'Not saved'}
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{problem.message}</Text>
              {problem.conflict && (
                <Button
                  size="xs"
                  variant="default"
                  onClick={() =>
                    void reload().then(() => {
                      setProblem(null);
                      setStatus('saved');
                    })
                  }
                >
                  Load the latest version (your changes here are dropped)
                </Button>
              )}
            </Stack>
          </Alert>
        )}
        <Paper withBorder p="lg">
          <Stack>
            <TextInput
              label="Title"
              required
              value={draft.title}
              onChange={(e) => change({ title: e.currentTarget.value })}
              error={errors.title}
            />
            <Group>
              <Switch
                label="Published"
                checked={draft.is_published}
                onChange={(e) => change({ is_published: e.currentTarget.checked })}
                error={errors.is_published}
              />
              <Switch
                label="Coming soon"
                checked={draft.is_coming_soon}
                onChange={(e) => change({ is_coming_soon: e.currentTarget.checked })}
              />
              <Switch
                label="Premium"
                checked={draft.is_premium}
                onChange={(e) => change({ is_premium: e.currentTarget.checked })}
              />
              <Switch
                label="Success measure"
                description="Students rate how well they understood the lesson"
                checked={draft.has_success_measure}
                onChange={(e) => change({ has_success_measure: e.currentTarget.checked })}
              />
            </Group>
            <Select
              label="Question set"
              description="Offered to students with the lesson (when their class's plan includes lesson question sets)"
              placeholder={data.question_sets.length ? 'No question set' : 'This course has no question sets yet'}
              clearable
              data={data.question_sets.map((q) => ({ value: String(q.id), label: q.title }))}
              value={draft.question_set_id === null ? null : String(draft.question_set_id)}
              onChange={(value) => change({ question_set_id: value ? Number(value) : null })}
              error={errors.question_set_id}
            />
          </Stack>
        </Paper>
        <Paper withBorder p="lg" component="section" aria-labelledby="parts-title">
          <Group justify="space-between" mb="sm">
            <div>
              <Title order={2} size="h3" id="parts-title">
                Parts
              </Title>
              <Text size="sm" c="dimmed">
                Each part plays one video from the{' '}
                <Anchor component={Link} to={urlFor('content-admin-videos')}>
                  video library
                </Anchor>{' '}
                (upload new videos there). Reorder by dragging a handle, or focus it and press Space, the arrow keys,
                then Space.
              </Text>
            </div>
            <Button
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() =>
                change({
                  chunks: [
                    ...draft.chunks,
                    { key: nextKey.current--, id: null, title: `Part ${draft.chunks.length + 1}`, video_id: null },
                  ],
                })
              }
            >
              Add a part
            </Button>
          </Group>
          {errors.chunks && (
            <Alert color="red" mb="sm">
              {errors.chunks}
            </Alert>
          )}
          {draft.chunks.length === 0 ? (
            <Text size="sm" c="dimmed">
              No parts yet. A lesson needs at least one part before it can be published.
            </Text>
          ) : (
            <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
              <SortableContext items={draft.chunks.map((c) => c.key)} strategy={verticalListSortingStrategy}>
                <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                  {draft.chunks.map((chunk, i) => (
                    <ChunkRow
                      key={chunk.key}
                      chunk={chunk}
                      index={i}
                      videos={videoOptions}
                      errors={errors}
                      onChange={(patch) => changeChunk(chunk.key, patch)}
                      onRemove={() => change({ chunks: draft.chunks.filter((c) => c.key !== chunk.key) })}
                    />
                  ))}
                </Stack>
              </SortableContext>
            </DndContext>
          )}
        </Paper>
      </Stack>
    </form>
  );
}

interface ChunkRowProps {
  chunk: ChunkDraft;
  index: number;
  videos: { value: string; label: string }[];
  errors: FieldErrors;
  onChange: (patch: Partial<ChunkDraft>) => void;
  onRemove: () => void;
}

function ChunkRow({ chunk, index, videos, errors, onChange, onRemove }: ChunkRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition } = useSortable({
    id: chunk.key,
  });
  const name = chunk.title || `Part ${index + 1}`;
  return (
    <Box component="li" ref={setNodeRef} style={{ transform: CSS.Transform.toString(transform), transition }}>
      <Paper withBorder p="sm">
        <Group align="flex-start" wrap="nowrap">
          <ActionIcon
            mt={28}
            variant="subtle"
            color="gray"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={`Reorder ${name}`}
            style={{ cursor: 'grab', touchAction: 'none' }}
          >
            <IconGripVertical size={16} aria-hidden />
          </ActionIcon>
          <Text mt={30} size="sm" c="dimmed" w={20}>
            {index + 1}.
          </Text>
          <TextInput
            label="Part title"
            style={{ flex: 1 }}
            value={chunk.title}
            onChange={(e) => onChange({ title: e.currentTarget.value })}
            error={errors[`chunks.${index}.title`]}
          />
          <Select
            label="Video"
            style={{ flex: 2 }}
            searchable
            placeholder="Choose a video"
            data={videos}
            value={chunk.video_id === null ? null : String(chunk.video_id)}
            onChange={(value) => onChange({ video_id: value ? Number(value) : null })}
            error={errors[`chunks.${index}.video_id`]}
            nothingFoundMessage="No video matches"
          />
          <ActionIcon mt={28} variant="subtle" color="red" aria-label={`Remove ${name}`} onClick={onRemove}>
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      </Paper>
    </Box>
  );
}
