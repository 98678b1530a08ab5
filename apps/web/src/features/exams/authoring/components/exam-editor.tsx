import {
  examKindLabels,
  questionTypeLabels,
  type AuthoringOptions,
  type ExamAuthoring,
} from '@banksia/contracts/exam-authoring';
import type { ExamQuestion, QuestionType } from '@banksia/contracts/exams';
import {
  Accordion,
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Menu,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconChevronDown, IconLock, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formErrorOf } from '../../../../components/field-errors';
import { SaveIndicator } from '../../../../components/save-indicator';
import { UnsavedGuard } from '../../../../components/unsaved-guard';
import { authoringExamQuery } from '../api/get-authoring-exam';
import { publishExam } from '../api/publish-exam';
import { authoringQueryKey } from '../api/query-keys';
import { move, newId, newQuestion, type DraftSection, type ExamDraft } from '../hooks/exam-draft';
import { useExamAutosave } from '../hooks/use-exam-autosave';
import { ExamDetailsFields } from './exam-details-fields';
import { QuestionEditor } from './question-editor';

export interface ExamEditorProps {
  exam: ExamAuthoring;
  options: AuthoringOptions;
  /** edit/{id}/ shows the details too; create/2/ only the sections and questions. */
  showDetails: boolean;
  /** Extra buttons beside Publish, e.g. create/2/'s "Finish". */
  actions?: React.ReactNode;
}

/** Errors under `prefix.` with the prefix taken off. */
function errorsUnder(errors: Record<string, string>, prefix: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    if (key.startsWith(`${prefix}.`)) result[key.slice(prefix.length + 1)] = message;
  }
  return result;
}

function summary(question: ExamQuestion): string {
  const text = (new DOMParser().parseFromString(question.prompt, 'text/html').body.textContent ?? '').trim();
  return text ? (text.length > 80 ? `${text.slice(0, 80)}…` : text) : 'No prompt yet';
}

/**
 * The exam editor (create/2/ and edit/{id}/): sections and questions of every type, added, edited, reordered and
 * deleted; autosaved with a save indicator; leaving with unsaved changes asks first; publish and unpublish.
 */
export function ExamEditor({ exam: initial, options, showDetails, actions }: ExamEditorProps) {
  const queryClient = useQueryClient();
  const [meta, setMeta] = useState(initial);
  const { draft, setDraft, dirty, status, problem, errors, keyOf, currentRevision, adoptRevision, reset, saving } =
    useExamAutosave(initial, (saved) => {
      setMeta(saved);
      queryClient.setQueryData(authoringExamQuery(saved.id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: [...authoringQueryKey, 'list'] });
    });
  const course = options.courses.find((c) => c.id === meta.course_id) ?? null;
  const locked = meta.sitting_count > 0;
  const [open, setOpen] = useState<string | null>(null);
  const [publishError, setPublishError] = useState<string | null>(null);
  const [publishing, setPublishing] = useState(false);

  const unsaved = dirty || saving;

  const update = (change: (d: ExamDraft) => ExamDraft) => setDraft((d) => change(d));
  const setSections = (change: (sections: DraftSection[]) => DraftSection[]) =>
    update((d) => ({ ...d, sections: change(d.sections) }));
  const setSection = (s: number, change: (section: DraftSection) => DraftSection) =>
    setSections((sections) => sections.map((section, i) => (i === s ? change(section) : section)));

  const addQuestion = (s: number, type: QuestionType) => {
    const question = newQuestion(type);
    setSection(s, (section) => ({ ...section, questions: [...section.questions, question] }));
    setOpen(question.id);
  };

  const togglePublished = async () => {
    setPublishing(true);
    setPublishError(null);
    try {
      const saved = await publishExam(meta.id, { revision: currentRevision(), is_published: !meta.is_published });
      adoptRevision(saved.revision);
      setMeta(saved);
      queryClient.setQueryData(authoringExamQuery(saved.id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: [...authoringQueryKey, 'list'] });
    } catch (error) {
      setPublishError(formErrorOf(error));
    } finally {
      setPublishing(false);
    }
  };

  const reload = async () => {
    const latest = await queryClient.fetchQuery({ ...authoringExamQuery(meta.id), staleTime: 0 });
    setMeta(latest);
    reset(latest);
  };

  const errorCount = Object.keys(errors).length;
  const indicatorText =
    problem?.kind === 'conflict'
      ? 'Not saved: changed elsewhere'
      : problem?.kind === 'invalid' || problem?.kind === 'refused'
        ? `Not saved: ${errorCount} ${errorCount === 1 ? 'field needs' : 'fields need'} attention`
        : undefined;

  return (
    <Stack gap="lg">
      <Paper withBorder p="md" pos="sticky" top="var(--app-shell-header-height, 0px)" style={{ zIndex: 5 }}>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm">
            <Badge color={meta.is_published ? 'teal' : 'gray'} variant="light">
              {meta.is_published ? 'Published' : 'Draft'}
            </Badge>
            <Text size="sm" c="dimmed">
              {examKindLabels[draft.kind]} · {meta.question_count}{' '}
              {meta.question_count === 1 ? 'question' : 'questions'} · {meta.marks_total}{' '}
              {meta.marks_total === 1 ? 'mark' : 'marks'} · {meta.course_title}
            </Text>
          </Group>
          <Group gap="sm">
            <SaveIndicator status={status} {...(indicatorText ? { errorText: indicatorText } : {})} />
            <Button
              variant={meta.is_published ? 'default' : 'filled'}
              onClick={() => void togglePublished()}
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

      {problem?.kind === 'conflict' && (
        <Alert color="red" title="Someone else changed this exam">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{problem.detail} Your changes since then are not saved.</Text>
            <Button size="xs" onClick={() => void reload()}>
              Load their version
            </Button>
          </Stack>
        </Alert>
      )}
      {problem?.kind === 'refused' && (
        <Alert color="red" title="These changes were not saved">
          {problem.detail ?? 'The server refused some fields; they are marked below.'}
          {errors.sections && <Text size="sm">{errors.sections}</Text>}
          {locked && (
            <Button mt="xs" size="xs" variant="default" onClick={() => void reload()}>
              Undo my changes
            </Button>
          )}
        </Alert>
      )}
      {problem?.kind === 'failed' && (
        <Alert color="yellow" title="Not saved yet">
          Banksia could not be reached; your changes stay here and are sent again shortly.
        </Alert>
      )}
      {locked && (
        <Alert color="blue" icon={<IconLock size={18} aria-hidden />} title="Students have sat this exam">
          {meta.sitting_count} {meta.sitting_count === 1 ? 'sitting has' : 'sittings have'} been started. So that no
          one&apos;s marks change without notice, questions cannot be added or removed, and a question&apos;s type,
          marks and answers (right options, accepted answers, values and units) cannot change. You can still fix
          wording: prompts, option texts, worked solutions, marking guides and section titles, and reorder questions. To
          change more, make a new exam. A teacher can still accept another answer while marking.
        </Alert>
      )}

      {showDetails && (
        <Paper withBorder p="lg">
          <Title order={2} size="h3" mb="md">
            Details
          </Title>
          <ExamDetailsFields
            value={draft}
            onChange={(details) => update((d) => ({ ...d, ...details }))}
            errors={errors}
            course={course}
            examId={meta.id}
            structureLocked={locked}
          />
        </Paper>
      )}

      <Stack gap="md">
        <Title order={2} size="h3">
          Sections and questions
        </Title>
        {draft.sections.length === 0 && (
          <Text c="dimmed">No sections yet. Add a section, then add questions to it.</Text>
        )}
        {draft.sections.map((section, s) => (
          <Paper key={keyOf(section.id)} withBorder p="md" component="section" aria-label={`Section ${s + 1}`}>
            <Stack gap="sm">
              <Group align="flex-end" wrap="nowrap">
                <TextInput
                  style={{ flex: 1 }}
                  label={`Section ${s + 1} title`}
                  value={section.title}
                  error={errors[`sections.${s}.title`]}
                  onChange={(e) => {
                    const title = e.currentTarget.value;
                    setSection(s, (sec) => ({ ...sec, title }));
                  }}
                />
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={`Move section ${s + 1} up`}
                  disabled={s === 0}
                  onClick={() => setSections((all) => move(all, s, s - 1))}
                >
                  <IconArrowUp size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={`Move section ${s + 1} down`}
                  disabled={s === draft.sections.length - 1}
                  onClick={() => setSections((all) => move(all, s, s + 1))}
                >
                  <IconArrowDown size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  color="red"
                  size="lg"
                  aria-label={`Delete section ${s + 1}`}
                  disabled={locked && section.questions.length > 0}
                  onClick={() => {
                    if (
                      section.questions.length === 0 ||
                      window.confirm(`Delete section ${s + 1} and its ${section.questions.length} questions?`)
                    ) {
                      setSections((all) => all.filter((_, i) => i !== s));
                    }
                  }}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
              {section.questions.length > 0 && (
                <Accordion variant="separated" value={open} onChange={setOpen}>
                  {section.questions.map((question, q) => {
                    const at = `sections.${s}.questions.${q}`;
                    const questionErrors = errorsUnder(errors, at);
                    const number = draft.sections.slice(0, s).reduce((n, x) => n + x.questions.length, 0) + q + 1;
                    const hasErrors = Object.keys(questionErrors).length > 0 || !!errors[at];
                    return (
                      <Accordion.Item key={keyOf(question.id)} value={keyOf(question.id)}>
                        <Group wrap="nowrap" gap={4} pr="xs">
                          <Accordion.Control style={{ flex: 1 }}>
                            <Group gap="sm" wrap="nowrap">
                              <Text fw={600}>Question {number}</Text>
                              <Badge variant="light" color="gray">
                                {questionTypeLabels[question.type]}
                              </Badge>
                              <Text size="sm" c="dimmed">
                                {question.marks} {question.marks === 1 ? 'mark' : 'marks'}
                              </Text>
                              {hasErrors && (
                                <Badge color="red" variant="light">
                                  Needs attention
                                </Badge>
                              )}
                              <Text size="sm" truncate>
                                {summary(question)}
                              </Text>
                            </Group>
                          </Accordion.Control>
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Move question ${number} up`}
                            disabled={q === 0}
                            onClick={() =>
                              setSection(s, (sec) => ({ ...sec, questions: move(sec.questions, q, q - 1) }))
                            }
                          >
                            <IconArrowUp size={16} aria-hidden />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Move question ${number} down`}
                            disabled={q === section.questions.length - 1}
                            onClick={() =>
                              setSection(s, (sec) => ({ ...sec, questions: move(sec.questions, q, q + 1) }))
                            }
                          >
                            <IconArrowDown size={16} aria-hidden />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Delete question ${number}`}
                            disabled={locked}
                            onClick={() =>
                              setSection(s, (sec) => ({ ...sec, questions: sec.questions.filter((_, i) => i !== q) }))
                            }
                          >
                            <IconTrash size={16} aria-hidden />
                          </ActionIcon>
                        </Group>
                        <Accordion.Panel>
                          {errors[at] && (
                            <Text size="sm" c="var(--mantine-color-error)" mb="sm">
                              {errors[at]}
                            </Text>
                          )}
                          {open === keyOf(question.id) && (
                            <QuestionEditor
                              question={question}
                              label={`Question ${number}`}
                              errors={questionErrors}
                              activities={course?.activities ?? []}
                              structureLocked={locked}
                              onChange={(next) =>
                                setSection(s, (sec) => ({
                                  ...sec,
                                  questions: sec.questions.map((x, i) => (i === q ? next : x)),
                                }))
                              }
                            />
                          )}
                        </Accordion.Panel>
                      </Accordion.Item>
                    );
                  })}
                </Accordion>
              )}
              <Menu position="bottom-start">
                <Menu.Target>
                  <Button
                    variant="light"
                    w="fit-content"
                    leftSection={<IconPlus size={16} aria-hidden />}
                    rightSection={<IconChevronDown size={14} aria-hidden />}
                    disabled={locked}
                  >
                    Add a question to section {s + 1}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {(Object.keys(questionTypeLabels) as QuestionType[]).map((type) => (
                    <Menu.Item key={type} onClick={() => addQuestion(s, type)}>
                      {questionTypeLabels[type]}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            </Stack>
          </Paper>
        ))}
        <Button
          variant="default"
          w="fit-content"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() =>
            setSections((all) => [
              ...all,
              { id: newId(), title: all.length === 0 ? 'Questions' : `Section ${all.length + 1}`, questions: [] },
            ])
          }
        >
          Add section
        </Button>
      </Stack>

      <UnsavedGuard unsaved={unsaved}>
        Your latest changes to this exam are not saved yet. If you leave now, they are lost.
      </UnsavedGuard>
    </Stack>
  );
}
