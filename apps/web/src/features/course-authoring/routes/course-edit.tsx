import {
  courseDetailsSchema,
  type AdminCourseDetail,
  type AuthoringTreeNode,
  type CourseDetails,
} from '@banksia/contracts/authoring-courses';
import { classFeatures } from '@banksia/contracts/rules/class-kinds';
import { courseFeatures } from '@banksia/contracts/rules/features';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  FileInput,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus, IconUpload } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { fieldErrorsOf, formErrorOf, validate, type FieldErrors } from '../../../components/field-errors';
import { LoadingState } from '../../../components/loading-state';
import { RequestFailure } from '../../../components/request-failure';
import { SaveIndicator, type SaveStatus } from '../../../components/save-indicator';
import { urlFor } from '../../../lib/named-routes';
import { useCourseWrite, type CourseWrite } from '../api/course-writes';
import { useAdminCourse } from '../api/get-course';
import { useUpdateTreeLesson } from '../api/update-lesson';
import { useUploadAttachment } from '../api/upload-attachment';
import { CourseTree, type TreeAction } from '../components/course-tree';
import { UnsavedGuard } from '../../../components/unsaved-guard';

const featureLabels: Record<(typeof courseFeatures)[number], string> = {
  LESSON_QUESTIONS: "Lessons' question sets",
  PREMIUM_ATTACHMENTS: 'Premium attachments',
  PREMIUM_LESSONS: 'Premium lessons',
  PRINTED_TEXTBOOK: 'Printed textbook',
  STUDENT_NOTES: 'Student notes',
  TABBED_NAVIGATION_EXPERIENCE_FOR_QUESTIONSET: 'Tabbed question sets',
};
const featureSetLabels: Record<(typeof classFeatures)[number], string> = {
  STANDARD: 'Standard',
  EXTENDED: 'Extended',
  EXTENDED_TEXTBOOK: 'Extended + textbook',
};

function isConflict(error: unknown): boolean {
  return error instanceof RequestFailure && error.status === 409;
}

function detailsOf(course: AdminCourseDetail['course']): CourseDetails {
  return {
    title: course.title,
    slug: course.slug,
    subject: course.subject,
    year_published: course.year_published,
    default_year_level: course.default_year_level,
    curriculum: course.curriculum,
    has_textbook: course.has_textbook,
    show_student_notes: course.show_student_notes,
  };
}

/** /content/admin/courses/edit/{courseId}/: the course's details, class features, tree and attachments. */
export function CourseEditRoute() {
  const courseId = Number(useParams().courseId);
  const course = useAdminCourse(courseId);
  useDocumentTitle(course.data ? `${course.data.course.title} · Courses · Banksia` : 'Course · Banksia');
  if (course.isError && !course.data) throw course.error;
  if (!course.data) return <LoadingState label="Loading the course" />;
  return <CourseEditor key={courseId} detail={course.data} reload={() => void course.refetch()} />;
}

function CourseEditor({ detail, reload }: { detail: AdminCourseDetail; reload: () => void }) {
  const { course } = detail;
  const write = useCourseWrite(course.id);
  const [problem, setProblem] = useState<{ conflict: boolean; message: string } | null>(null);
  const [status, setStatus] = useState<SaveStatus>('saved');

  /** Sends a write of the current version; a 409 says why and offers the latest, anything else says what failed. */
  const send = (make: (version: number) => CourseWrite, onDone?: () => void) => {
    setStatus('saving');
    setProblem(null);
    write.mutate(make(course.version), {
      onSuccess: () => {
        setStatus('saved');
        onDone?.();
      },
      onError: (error) => {
        setStatus('error');
        const fields = fieldErrorsOf(error);
        const first = Object.values(fields)[0];
        const message = first ?? formErrorOf(error);
        // A 409 is either a stale version (load the latest) or a refusal that says why (e.g. deleting a lesson
        // students have used): only the first offers reloading.
        setProblem({ conflict: isConflict(error) && message.startsWith('Someone else changed'), message });
      },
    });
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <div>
          <Anchor component={Link} to={urlFor('content-admin-courses')} size="sm">
            Courses
          </Anchor>
          <Group gap="sm" mt={4}>
            <Title order={1}>{course.title}</Title>
            <Badge color={course.is_published ? 'teal' : 'gray'} variant="light" size="lg">
              {course.is_published ? 'Published' : 'Draft'}
            </Badge>
          </Group>
          <Text c="dimmed" size="sm">
            {course.subject}, {course.year_published} · <code>{course.slug}</code>
          </Text>
        </div>
        <Stack gap={4} align="flex-end">
          <Group>
            <Button variant="default" component={Link} to={urlFor('course', { courseId: course.id })}>
              View the course
            </Button>
            <Button
              color={course.is_published ? 'gray' : 'teal'}
              onClick={() =>
                send((version) => ({ kind: 'course', body: { version, is_published: !course.is_published } }))
              }
              loading={write.isPending && status === 'saving'}
            >
              {course.is_published ? 'Unpublish the course' : 'Publish the course'}
            </Button>
          </Group>
          <SaveIndicator status={status} />
        </Stack>
      </Group>
      {problem && (
        <Alert color={problem.conflict ? 'yellow' : 'red'} title={problem.conflict ? 'Changed elsewhere' : 'Not saved'}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{problem.message}</Text>
            {problem.conflict && (
              <Button
                size="xs"
                variant="default"
                onClick={() => {
                  setProblem(null);
                  setStatus('saved');
                  reload();
                }}
              >
                Load the latest version
              </Button>
            )}
          </Stack>
        </Alert>
      )}
      <TreeSection detail={detail} send={send} busy={write.isPending} />
      <AttachmentsSection detail={detail} send={send} />
      <DetailsSection detail={detail} send={send} />
    </Stack>
  );
}

type Send = (make: (version: number) => CourseWrite, onDone?: () => void) => void;

type Prompt =
  | { kind: 'rename'; node: AuthoringTreeNode }
  | { kind: 'add'; what: 'section' | 'lesson'; parentNodeId: number; parentTitle: string }
  | { kind: 'move'; node: AuthoringTreeNode }
  | { kind: 'delete'; node: AuthoringTreeNode };

/** Places an item may move to: the course, or a topic outside the item itself (attachments also into lessons). */
function destinations(detail: AdminCourseDetail, node: AuthoringTreeNode) {
  const out = [{ value: String(detail.root_node_id), label: `The course (top level)` }];
  const walk = (nodes: AuthoringTreeNode[], depth: number) => {
    for (const n of nodes) {
      if (n.node_id === node.node_id) continue; // not into itself or anything under it
      const fits = n.node_type === 'section' || (node.node_type === 'attachment' && n.node_type === 'lesson');
      if (fits) out.push({ value: String(n.node_id), label: `${'— '.repeat(depth)}${n.title}` });
      walk(n.children, depth + 1);
    }
  };
  walk(detail.tree, 1);
  return out;
}

function findParent(nodes: AuthoringTreeNode[], rootId: number, nodeId: number): AuthoringTreeNode | null | undefined {
  for (const n of nodes) {
    if (n.node_id === nodeId) return null;
    const inner = findParent(n.children, rootId, nodeId);
    if (inner === null) return n;
    if (inner) return inner;
  }
  return undefined;
}

function childrenOf(detail: AdminCourseDetail, parentNodeId: number): AuthoringTreeNode[] {
  if (parentNodeId === detail.root_node_id) return detail.tree;
  const find = (nodes: AuthoringTreeNode[]): AuthoringTreeNode | undefined => {
    for (const n of nodes) {
      if (n.node_id === parentNodeId) return n;
      const inner = find(n.children);
      if (inner) return inner;
    }
    return undefined;
  };
  return find(detail.tree)?.children ?? [];
}

function TreeSection({ detail, send, busy }: { detail: AdminCourseDetail; send: Send; busy: boolean }) {
  const [prompt, setPrompt] = useState<Prompt | null>(null);
  const [text, setText] = useState('');
  const [target, setTarget] = useState<string | null>(null);
  const lessonWrite = useUpdateTreeLesson(detail.course.id);
  const [lessonError, setLessonError] = useState<string | null>(null);

  const open = (p: Prompt) => {
    setPrompt(p);
    setText(p.kind === 'rename' ? p.node.title : '');
    setTarget(null);
  };

  const onAction = (action: TreeAction) => {
    setLessonError(null);
    switch (action.kind) {
      case 'reorder':
        send((version) => ({
          kind: 'reorder',
          body: { version, parent_node_id: action.parentNodeId, node_ids: action.nodeIds },
        }));
        return;
      case 'rename':
      case 'move':
      case 'delete':
        open({ kind: action.kind, node: action.node });
        return;
      case 'add':
        open(action);
        return;
      case 'flag': {
        const { node, flag, value } = action;
        if (node.node_type === 'section') {
          send((version) => ({ kind: 'section', sectionId: node.value_id, body: { version, is_published: value } }));
        } else if (node.node_type === 'attachment') {
          send((version) => ({
            kind: 'attachment',
            attachmentId: node.value_id,
            body: { version, is_premium: value },
          }));
        } else if (node.node_type === 'lesson' && node.version !== null) {
          // The lesson keeps its own version: a change from the tree names it, like a save from its editor.
          lessonWrite.mutate(
            { lessonId: node.value_id, body: { version: node.version, [flag]: value } },
            { onError: (error) => setLessonError(Object.values(fieldErrorsOf(error))[0] ?? formErrorOf(error)) },
          );
        }
        return;
      }
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!prompt) return;
    const done = () => setPrompt(null);
    if (prompt.kind === 'rename') {
      const { node } = prompt;
      if (node.node_type === 'section') {
        send((version) => ({ kind: 'section', sectionId: node.value_id, body: { version, title: text } }), done);
      } else if (node.node_type === 'attachment') {
        send((version) => ({ kind: 'attachment', attachmentId: node.value_id, body: { version, title: text } }), done);
      }
    } else if (prompt.kind === 'add') {
      const { what, parentNodeId } = prompt;
      send(
        (version) => ({
          kind: what === 'section' ? 'add-section' : 'add-lesson',
          body: { version, parent_node_id: parentNodeId, title: text },
        }),
        done,
      );
    } else if (prompt.kind === 'delete') {
      const { node } = prompt;
      // Closed at once, so a refusal shows in the page's alert rather than behind the dialog.
      done();
      send((version) => ({ kind: 'delete', nodeId: node.node_id, version }));
    } else if (target) {
      const parentNodeId = Number(target);
      const nodeIds = [...childrenOf(detail, parentNodeId).map((n) => n.node_id), prompt.node.node_id];
      send(
        (version) => ({ kind: 'reorder', body: { version, parent_node_id: parentNodeId, node_ids: nodeIds } }),
        done,
      );
    }
  };

  const promptTitle =
    prompt?.kind === 'rename'
      ? `Rename ${prompt.node.title}`
      : prompt?.kind === 'add'
        ? `Add a ${prompt.what === 'section' ? (prompt.parentNodeId === detail.root_node_id ? 'topic' : 'sub-topic') : 'lesson'} to ${prompt.parentTitle}`
        : prompt?.kind === 'move'
          ? `Move ${prompt.node.title}`
          : prompt?.kind === 'delete'
            ? `Delete ${prompt.node.title}?`
            : '';
  const currentParent =
    prompt?.kind === 'move' ? findParent(detail.tree, detail.root_node_id, prompt.node.node_id) : null;

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
              open({
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
              open({ kind: 'add', what: 'lesson', parentNodeId: detail.root_node_id, parentTitle: detail.course.title })
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
        disabled={busy || lessonWrite.isPending}
      />
      <Modal opened={prompt !== null} onClose={() => setPrompt(null)} title={promptTitle} centered>
        <form onSubmit={submit} noValidate>
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
                onChange={setTarget}
                searchable
                data-autofocus
              />
            ) : (
              <TextInput
                label="Title"
                required
                value={text}
                onChange={(e) => setText(e.currentTarget.value)}
                data-autofocus
              />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPrompt(null)}>
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
    </Paper>
  );
}

function AttachmentsSection({ detail, send }: { detail: AdminCourseDetail; send: Send }) {
  const upload = useUploadAttachment(detail.course.id);
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [additional, setAdditional] = useState(false);
  const [premium, setPremium] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {};
    if (!title.trim()) found.title = 'This field may not be blank.';
    if (!file) found.file = 'Choose a PDF file.';
    else if (file.type && file.type !== 'application/pdf') found.file = 'Only PDF files can be attached.';
    else if (file.size > 25 * 1024 * 1024) found.file = 'The file is larger than 25 MB.';
    setErrors(found);
    if (Object.keys(found).length || !file) return;
    upload.mutate(
      {
        version: detail.course.version,
        title: title.trim(),
        additionalMaterials: additional,
        isPremium: premium,
        file,
      },
      {
        onSuccess: () => {
          setFile(null);
          setTitle('');
          setAdditional(false);
          setPremium(false);
        },
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          setErrors(Object.keys(fields).length ? fields : { file: formErrorOf(error) });
        },
      },
    );
  };

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="attachments-title">
      <Title order={2} size="h3" id="attachments-title" mb="sm">
        Attachments
      </Title>
      {detail.attachments.length > 0 ? (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Attachment</Table.Th>
                <Table.Th scope="col">Additional materials</Table.Th>
                <Table.Th scope="col">Premium</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {detail.attachments.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>
                    <Anchor href={a.file_url} target="_blank" rel="noreferrer">
                      {a.title}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {a.file_name}, {Math.max(1, Math.round(a.size / 1024))} KB
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      aria-label={`${a.title}: additional materials`}
                      checked={a.additional_materials}
                      onChange={(e) => {
                        const value = e.currentTarget.checked;
                        send((version) => ({
                          kind: 'attachment',
                          attachmentId: a.id,
                          body: { version, additional_materials: value },
                        }));
                      }}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      aria-label={`${a.title}: premium`}
                      checked={a.is_premium}
                      onChange={(e) => {
                        const value = e.currentTarget.checked;
                        send((version) => ({
                          kind: 'attachment',
                          attachmentId: a.id,
                          body: { version, is_premium: value },
                        }));
                      }}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text size="sm" c="dimmed">
          No attachments yet.
        </Text>
      )}
      <form onSubmit={submit} noValidate>
        <Stack mt="md" gap="sm">
          <Title order={3} size="h5">
            Attach a PDF
          </Title>
          <Group align="flex-start" grow>
            <TextInput
              label="Title"
              value={title}
              onChange={(e) => setTitle(e.currentTarget.value)}
              error={errors.title}
              required
            />
            <FileInput
              label="PDF file"
              description="At most 25 MB"
              accept="application/pdf"
              value={file}
              onChange={setFile}
              error={errors.file}
              clearable
              required
            />
          </Group>
          <Group>
            <Checkbox
              label="Additional materials"
              checked={additional}
              onChange={(e) => setAdditional(e.currentTarget.checked)}
            />
            <Checkbox label="Premium" checked={premium} onChange={(e) => setPremium(e.currentTarget.checked)} />
            <Button type="submit" leftSection={<IconUpload size={16} aria-hidden />} loading={upload.isPending}>
              Upload
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function DetailsSection({ detail, send }: { detail: AdminCourseDetail; send: Send }) {
  const { course } = detail;
  const saved = detailsOf(course);
  const [values, setValues] = useState<CourseDetails>(saved);
  const [features, setFeatures] = useState<Record<string, string[]>>(course.feature_sets);
  const [errors, setErrors] = useState<FieldErrors>({});
  const dirty =
    JSON.stringify(values) !== JSON.stringify(saved) ||
    JSON.stringify(normalise(features)) !== JSON.stringify(normalise(course.feature_sets));

  const set = <K extends keyof CourseDetails>(key: K, value: CourseDetails[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '' }));
  };
  const toggle = (feature: string, set: string, on: boolean) =>
    setFeatures((f) => {
      const current = new Set(f[feature] ?? []);
      if (on) current.add(set);
      else current.delete(set);
      return { ...f, [feature]: classFeatures.filter((s) => current.has(s)) };
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(courseDetailsSchema, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    send((version) => ({
      kind: 'course',
      body: { ...checked.data, feature_sets: normalise(features), version },
    }));
  };

  return (
    <Paper withBorder p="lg" component="form" onSubmit={submit} noValidate aria-labelledby="details-title">
      <UnsavedGuard unsaved={dirty}>
        Your changes to the course&apos;s details are not saved. If you leave now, they are lost.
      </UnsavedGuard>
      <Title order={2} size="h3" id="details-title" mb="sm">
        Details and class features
      </Title>
      <Stack>
        <Group grow align="flex-start">
          <TextInput
            label="Title"
            required
            value={values.title}
            onChange={(e) => set('title', e.currentTarget.value)}
            error={errors.title || undefined}
          />
          <TextInput
            label="Slug"
            required
            value={values.slug}
            onChange={(e) => set('slug', e.currentTarget.value)}
            error={errors.slug || undefined}
          />
        </Group>
        <Group grow align="flex-start">
          <TextInput
            label="Subject"
            required
            value={values.subject}
            onChange={(e) => set('subject', e.currentTarget.value)}
            error={errors.subject || undefined}
          />
          <NumberInput
            label="Year published"
            required
            allowDecimal={false}
            value={values.year_published}
            onChange={(v) => set('year_published', typeof v === 'number' ? v : Number(v) || 0)}
            error={errors.year_published || undefined}
          />
        </Group>
        <Group grow align="flex-start">
          <TextInput
            label="Default year level"
            value={values.default_year_level ?? ''}
            onChange={(e) => set('default_year_level', e.currentTarget.value || null)}
          />
          <TextInput
            label="Curriculum"
            value={values.curriculum ?? ''}
            onChange={(e) => set('curriculum', e.currentTarget.value || null)}
          />
        </Group>
        <Group>
          <Checkbox
            label="Has a printed textbook"
            checked={values.has_textbook}
            onChange={(e) => set('has_textbook', e.currentTarget.checked)}
          />
          <Checkbox
            label="Show student notes"
            checked={values.show_student_notes}
            onChange={(e) => set('show_student_notes', e.currentTarget.checked)}
          />
        </Group>
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs">
            <Table.Caption>Which class plans (feature sets) include each course feature</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Feature</Table.Th>
                {classFeatures.map((s) => (
                  <Table.Th scope="col" key={s}>
                    {featureSetLabels[s]}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {courseFeatures.map((feature) => (
                <Table.Tr key={feature}>
                  <Table.Th scope="row">{featureLabels[feature]}</Table.Th>
                  {classFeatures.map((s) => (
                    <Table.Td key={s}>
                      <Checkbox
                        aria-label={`${featureLabels[feature]}: ${featureSetLabels[s]}`}
                        checked={features[feature]?.includes(s) ?? false}
                        onChange={(e) => toggle(feature, s, e.currentTarget.checked)}
                      />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group>
          <Button type="submit" disabled={!dirty}>
            Save details
          </Button>
          {dirty && (
            <Button
              variant="subtle"
              onClick={() => {
                setValues(saved);
                setFeatures(course.feature_sets);
                setErrors({});
              }}
            >
              Discard changes
            </Button>
          )}
          {dirty && (
            <Text size="sm" c="dimmed">
              Unsaved changes
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** Feature sets with only known flags, each list in a fixed order and empty lists dropped. */
function normalise(
  f: Record<string, string[]>,
): Partial<Record<(typeof courseFeatures)[number], (typeof classFeatures)[number][]>> {
  const out: Partial<Record<(typeof courseFeatures)[number], (typeof classFeatures)[number][]>> = {};
  for (const feature of courseFeatures) {
    const sets = classFeatures.filter((s) => f[feature]?.includes(s));
    if (sets.length) out[feature] = sets;
  }
  return out;
}
