import type { AuthoringOptions, ExamAuthoring } from '@banksia/contracts/exam-authoring';
import type { QuestionType } from '@banksia/contracts/exams';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formErrorOf } from '../../../../components/field-errors';
import { UnsavedGuard } from '../../../../components/unsaved-guard';
import { authoringExamQuery } from '../api/get-authoring-exam';
import { publishExam } from '../api/publish-exam';
import { authoringQueryKey } from '../api/query-keys';
import { newId, newQuestion, type DraftSection, type ExamDraft } from '../hooks/exam-draft';
import { useExamAutosave } from '../hooks/use-exam-autosave';
import { ExamDetailsFields } from './exam-details-fields';
import { ExamEditorProblems } from './exam-editor-problems';
import { ExamEditorToolbar } from './exam-editor-toolbar';
import { SectionEditor } from './section-editor';

export interface ExamEditorProps {
  exam: ExamAuthoring;
  options: AuthoringOptions;
  /** edit/{id}/ shows the details too; create/2/ only the sections and questions. */
  showDetails: boolean;
  /** Extra buttons beside Publish, e.g. create/2/'s "Finish". */
  actions?: React.ReactNode;
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

  return (
    <Stack gap="lg">
      <ExamEditorToolbar
        meta={meta}
        kind={draft.kind}
        status={status}
        problem={problem}
        errorCount={Object.keys(errors).length}
        unsaved={unsaved}
        publishing={publishing}
        publishError={publishError}
        onTogglePublished={() => void togglePublished()}
        actions={actions}
      />
      <ExamEditorProblems
        problem={problem}
        errors={errors}
        locked={locked}
        sittingCount={meta.sitting_count}
        onReload={() => void reload()}
      />

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
          <SectionEditor
            key={keyOf(section.id)}
            section={section}
            s={s}
            sectionCount={draft.sections.length}
            questionsBefore={draft.sections.slice(0, s).reduce((n, x) => n + x.questions.length, 0)}
            errors={errors}
            keyOf={keyOf}
            locked={locked}
            open={open}
            setOpen={setOpen}
            activities={course?.activities ?? []}
            setSection={(change) => setSection(s, change)}
            setSections={setSections}
            addQuestion={(type) => addQuestion(s, type)}
          />
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
