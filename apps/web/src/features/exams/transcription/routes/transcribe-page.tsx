import { FailureReason } from '@banksia/contracts/errors';
import type { ClassSittings, ExamView, Sitting } from '@banksia/contracts/exam-api';
import { Alert, Anchor, Button, Group, Modal, Paper, Select, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft, IconArrowRight, IconInfoCircle, IconSend } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AutosaveAlerts } from '../../../../components/autosave-alerts';
import { formErrorOf } from '../../../../components/field-errors';
import { LoadingState } from '../../../../components/loading-state';
import { RequestFailure } from '../../../../components/request-failure';
import { SaveIndicator } from '../../../../components/save-indicator';
import { urlFor } from '../../../../lib/named-routes';
import { useExam } from '../../api/get-exam';
import { useExamClasses } from '../../api/get-exam-classes';
import { examKeys } from '../../api/query-keys';
import {
  type AnswerValue,
  type SittingAutosave,
  submitSitting,
  useAnswerAutosave,
  useSittingAutosave,
  useSittingAutosaveState,
} from '../../sittings/index';
import { formatMarks, isAnswered, questionHeadingId, QuestionInput, QuestionPrompt } from '../../questions/index';
import { classSittingsKey, numberedQuestions, plural, useClassSittings } from '../../marking/index';
import { transcriptionKey, useTranscription, type StudentSittingParams } from '../api/open-transcription';

export interface TranscribePageProps {
  examId: number;
  sectionId: number;
  /** ?class=: the class the paper was sat in; the first class the teacher teaches on the course when absent. */
  classId: number | null;
  /** ?student=: whose paper is being entered; chosen on the page when absent. */
  profileId: number | null;
  /** The signed-in teacher: unsaved answers are kept in this browser under their id. */
  userId: number;
}

type Student = ClassSittings['students'][number];

const nameOf = (student: Pick<Student, 'first_name' | 'last_name'>) => `${student.first_name} ${student.last_name}`;

/**
 * /exams/{examId}/transcribe/{sectionId}/?class=&student=: a teacher enters a student's answers from their paper. The
 * sitting is opened (or resumed) for that student and marked as transcribed; each answer saves as it is typed, like
 * a student's, and the teacher submits it for them at the end. Only teachers of the class get here (the server
 * refuses anyone else too).
 */
export function TranscribePage({ examId, sectionId, classId, profileId, userId }: TranscribePageProps) {
  const exam = useExam(examId);
  const classes = useExamClasses(examId);
  useDocumentTitle(exam.data ? `Enter paper answers · ${exam.data.title} · Banksia` : 'Enter paper answers · Banksia');

  if (exam.isError) throw exam.error;
  if (classes.isError) throw classes.error;
  if (!exam.data || !classes.data) return <LoadingState label="Loading the exam" />;

  const teaching = classes.data.classes.filter((c) => c.teaches);
  const klass = classId === null ? teaching[0] : teaching.find((c) => c.class_id === classId);
  // Only a teacher of the class enters a paper for one of its students.
  if (!klass) throw new RequestFailure(FailureReason.UNAUTHORIZED_ERROR, 403, null);
  const section = exam.data.sections.find((s) => s.id === sectionId);
  if (!section) throw new RequestFailure(FailureReason.NOT_FOUND_ERROR, 404, null);

  return (
    <TranscribeClass
      exam={exam.data}
      sectionId={sectionId}
      classId={klass.class_id}
      className={klass.name}
      teachingClasses={teaching}
      profileId={profileId}
      userId={userId}
    />
  );
}

function TranscribeClass({
  exam,
  sectionId,
  classId,
  className,
  teachingClasses,
  profileId,
  userId,
}: {
  exam: ExamView;
  sectionId: number;
  classId: number;
  className: string;
  teachingClasses: readonly { class_id: number; name: string }[];
  profileId: number | null;
  userId: number;
}) {
  const [, setSearch] = useSearchParams();
  const sittings = useClassSittings({ classId, examId: exam.id, anonymise: false });
  if (sittings.isError) throw sittings.error;
  const student = sittings.data?.students.find((s) => s.profile_id === profileId) ?? null;
  const markHref = urlFor('class-exam-mark', { classId, examId: exam.id });

  const choose = (next: { classId?: number; profileId?: number | null }) =>
    setSearch(
      (current) => {
        const search = new URLSearchParams(current);
        if (next.classId !== undefined) {
          search.set('class', String(next.classId));
          search.delete('student');
        }
        if (next.profileId !== undefined) {
          if (next.profileId === null) search.delete('student');
          else search.set('student', String(next.profileId));
        }
        return search;
      },
      { replace: true },
    );

  return (
    <Stack gap="lg" maw={900}>
      <Anchor component={Link} to={markHref} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          Marking: {exam.title}
        </Group>
      </Anchor>
      <div>
        <Title order={1}>Enter paper answers</Title>
        <Text c="dimmed" mt={4}>
          {exam.title} · {className}
        </Text>
      </div>
      <Text>
        Type in the answers a student wrote on paper. Each answer saves as you go; submit when the paper is done, and
        the answers are marked as if the student had submitted them.
      </Text>
      <Group gap="md" align="flex-end" wrap="wrap">
        {teachingClasses.length > 1 && (
          <Select
            label="Class"
            data={teachingClasses.map((c) => ({ value: String(c.class_id), label: c.name }))}
            value={String(classId)}
            onChange={(value) => value && choose({ classId: Number(value) })}
            allowDeselect={false}
            w={220}
          />
        )}
        <Select
          label="Student"
          placeholder={sittings.data ? 'Choose a student' : 'Loading students...'}
          data={(sittings.data?.students ?? []).map((s) => ({
            value: String(s.profile_id),
            label: `${nameOf(s)}${s.sitting ? (s.sitting.status === 'submitted' ? ' (submitted)' : ' (in progress)') : ''}`,
          }))}
          value={profileId === null ? null : String(profileId)}
          onChange={(value) => choose({ profileId: value === null ? null : Number(value) })}
          searchable
          nothingFoundMessage="No student by that name"
          disabled={!sittings.data}
          w={{ base: '100%', sm: 340 }}
        />
      </Group>
      {profileId !== null && sittings.data && !student && (
        <Alert color="red" title="Not a student of this class">
          Choose a student of {className} from the list.
        </Alert>
      )}
      {student && (
        <StudentPaper
          key={`${classId}/${student.profile_id}`}
          exam={exam}
          sectionId={sectionId}
          params={{ classId, examId: exam.id, profileId: student.profile_id }}
          studentName={nameOf(student)}
          userId={userId}
          markHref={markHref}
        />
      )}
    </Stack>
  );
}

function StudentPaper({
  exam,
  sectionId,
  params,
  studentName,
  userId,
  markHref,
}: {
  exam: ExamView;
  sectionId: number;
  params: StudentSittingParams;
  studentName: string;
  userId: number;
  markHref: string;
}) {
  const transcription = useTranscription(params);
  if (transcription.isError) {
    return (
      <Alert color="red" title={`${studentName}'s paper can't be entered`}>
        {formErrorOf(transcription.error)}
      </Alert>
    );
  }
  if (!transcription.data) return <LoadingState label={`Opening ${studentName}'s sitting`} />;
  return (
    <SittingForm
      exam={exam}
      sectionId={sectionId}
      params={params}
      sitting={transcription.data}
      studentName={studentName}
      userId={userId}
      markHref={markHref}
    />
  );
}

function SittingForm({
  exam,
  sectionId,
  params,
  sitting,
  studentName,
  userId,
  markHref,
}: {
  exam: ExamView;
  sectionId: number;
  params: StudentSittingParams;
  sitting: Sitting;
  studentName: string;
  userId: number;
  markHref: string;
}) {
  const questions = exam.sections.flatMap((s) => s.questions);
  const autosave = useSittingAutosave(sitting, questions, userId);
  const state = useSittingAutosaveState(autosave);
  const numbered = numberedQuestions(exam.sections);
  const sectionIndex = exam.sections.findIndex((s) => s.id === sectionId);
  const section = exam.sections[sectionIndex]!;
  const submitted = sitting.status === 'submitted';
  // Whether the sitting was open when the page showed it, i.e. a submit here closed it.
  const [openedHere] = useState(!submitted);
  const sectionHref = (id: number) =>
    `${urlFor('exam-transcribe', { examId: exam.id, sectionId: id })}?class=${params.classId}&student=${params.profileId}`;
  const previous = exam.sections[sectionIndex - 1];
  const next = exam.sections[sectionIndex + 1];

  return (
    <Stack gap="lg">
      {submitted ? (
        <SubmittedNotice sitting={sitting} studentName={studentName} markHref={markHref} focus={openedHere} />
      ) : (
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text size="sm" c="dimmed">
            {sitting.transcribed
              ? `Entering ${studentName}'s paper. No time limit applies.`
              : `${studentName}'s sitting.`}
          </Text>
          <SaveIndicator status={state.status} />
        </Group>
      )}
      {state.closed && !submitted && (
        <Alert color="red" title="This sitting takes no more answers">
          {state.closed === 'sitting_submitted'
            ? 'It has been submitted.'
            : state.closed === 'exam_locked'
              ? 'The exam is locked for the class.'
              : 'Its time is up.'}
        </Alert>
      )}
      {exam.sections.length > 1 && (
        <Group component="nav" aria-label="Sections" gap="xs">
          {exam.sections.map((s) => (
            <Button
              key={s.id}
              component={Link}
              to={sectionHref(s.id)}
              variant={s.id === sectionId ? 'filled' : 'default'}
              aria-current={s.id === sectionId ? 'page' : undefined}
              size="sm"
            >
              {s.title}
            </Button>
          ))}
        </Group>
      )}
      <Stack gap="md" component="section" aria-labelledby="section-heading">
        <Title order={2} size="h3" id="section-heading">
          {section.title || 'Questions'}
        </Title>
        {section.questions.map((question) => {
          const number = numbered.find((entry) => entry.question.id === question.id)?.number ?? 0;
          return (
            <Paper
              key={question.id}
              withBorder
              p="md"
              radius="md"
              component="section"
              aria-labelledby={questionHeadingId(question.id)}
            >
              <Stack gap="sm">
                <QuestionPrompt question={question} number={number} order={3} />
                {question.type === 'activity' ? (
                  <Alert color="gray" variant="light" icon={<IconInfoCircle aria-hidden />}>
                    An activity is done on screen, so it can&apos;t be entered from paper. It stays unanswered in this
                    sitting; mark it by hand if the student did it another way.
                  </Alert>
                ) : autosave && !submitted ? (
                  <TranscribedAnswer
                    autosave={autosave}
                    question={question}
                    studentName={studentName}
                    disabled={state.closed !== null}
                  />
                ) : (
                  <QuestionInput
                    question={question}
                    answer={sitting.answers.find((a) => a.question_id === question.id)?.answer ?? null}
                    onChange={() => {}}
                    disabled
                    label={`${studentName}'s answer`}
                  />
                )}
              </Stack>
            </Paper>
          );
        })}
      </Stack>
      <Group justify="space-between" wrap="wrap" gap="sm">
        {previous ? (
          <Button
            component={Link}
            to={sectionHref(previous.id)}
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
          >
            {previous.title}
          </Button>
        ) : (
          <span />
        )}
        {next ? (
          <Button
            component={Link}
            to={sectionHref(next.id)}
            variant="default"
            rightSection={<IconArrowRight size={16} aria-hidden />}
          >
            {next.title}
          </Button>
        ) : (
          !submitted &&
          autosave && (
            <SubmitForStudent
              autosave={autosave}
              exam={exam}
              params={params}
              sitting={sitting}
              studentName={studentName}
              answers={state.answers}
            />
          )
        )}
      </Group>
    </Stack>
  );
}

function TranscribedAnswer({
  autosave,
  question,
  studentName,
  disabled,
}: {
  autosave: SittingAutosave;
  question: ExamView['sections'][number]['questions'][number];
  studentName: string;
  disabled: boolean;
}) {
  const answer = useAnswerAutosave(autosave, question.id);
  if (!answer) return null;
  return (
    <Stack gap="xs">
      <QuestionInput
        question={question}
        answer={answer.value}
        onChange={(value) => autosave.change(question.id, value)}
        disabled={disabled}
        label={`${studentName}'s answer`}
      />
      <AutosaveAlerts autosave={answer} noun="answers" />
      {answer.status === 'error' && !answer.problem && (
        <Text size="sm" c="var(--mantine-color-error)">
          This answer is not saved yet.
        </Text>
      )}
    </Stack>
  );
}

function SubmitForStudent({
  autosave,
  exam,
  params,
  sitting,
  studentName,
  answers,
}: {
  autosave: SittingAutosave;
  exam: ExamView;
  params: StudentSittingParams;
  sitting: Sitting;
  studentName: string;
  answers: ReadonlyMap<number, AnswerValue>;
}) {
  const queryClient = useQueryClient();
  const [confirming, confirm] = useDisclosure(false);
  const questions = exam.sections.flatMap((s) => s.questions).filter((q) => q.type !== 'activity');
  const unanswered = questions.filter((q) => !isAnswered(q, answers.get(q.id) ?? null)).length;

  const mutation = useMutation({
    mutationFn: async () => {
      // What the teacher sees is what is marked: answers still being sent go first.
      const saved = await autosave.flushAll();
      if (!saved) throw new Error('unsaved');
      return submitSitting(sitting.id);
    },
    onSuccess: async (submitted) => {
      confirm.close();
      autosave.clearDrafts();
      queryClient.setQueryData(transcriptionKey(params), submitted);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: classSittingsKey(params) }),
        queryClient.invalidateQueries({ queryKey: examKeys.sitting(params) }),
      ]);
    },
  });

  return (
    <>
      <Button leftSection={<IconSend size={16} aria-hidden />} onClick={confirm.open}>
        Submit for {studentName}
      </Button>
      <Modal opened={confirming} onClose={confirm.close} title={`Submit ${studentName}'s paper?`} centered>
        <Stack gap="sm">
          <Text>
            {unanswered === 0
              ? 'Every question has an answer.'
              : `${plural(unanswered, 'question')} ${unanswered === 1 ? 'has' : 'have'} no answer.`}{' '}
            Once submitted, the answers are marked and can no longer be changed here.
          </Text>
          {mutation.isError && (
            <Alert color="red" title="Not submitted">
              {mutation.error instanceof RequestFailure
                ? formErrorOf(mutation.error)
                : 'Some answers are not saved yet. Check your connection, then try again.'}
            </Alert>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={confirm.close} data-autofocus>
              Keep entering
            </Button>
            <Button loading={mutation.isPending} onClick={() => mutation.mutate()}>
              Submit for {studentName}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function SubmittedNotice({
  sitting,
  studentName,
  markHref,
  focus,
}: {
  sitting: Sitting;
  studentName: string;
  markHref: string;
  /** Just submitted here: the confirm dialog and its button are gone, so the notice takes the focus. */
  focus: boolean;
}) {
  const result = sitting.result;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <Alert ref={ref} tabIndex={-1} color="teal" title={`${studentName}'s exam is submitted`}>
      <Stack gap={6}>
        {result?.scored && (
          <Text size="sm">
            {formatMarks(result.marks_awarded)} of {formatMarks(result.marks_total)} marks so far
            {result.needs_marking > 0 ? `; ${plural(result.needs_marking, 'answer')} to mark by hand.` : '.'}
          </Text>
        )}
        {!sitting.transcribed && <Text size="sm">They sat it on screen, so there is no paper to enter.</Text>}
        <Anchor component={Link} to={markHref} size="sm" c="var(--mantine-color-text)" underline="always">
          Go to marking<VisuallyHidden> for this exam</VisuallyHidden>
        </Anchor>
      </Stack>
    </Alert>
  );
}
