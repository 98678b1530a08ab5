import type { ExamView, Sitting } from '@banksia/contracts/exam-api';
import { Alert, Anchor, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlayerPlay, IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { AutosaveAlerts } from '../../../../components/autosave-alerts';
import { LoadingState } from '../../../../components/loading-state';
import { SafeHtml } from '../../../../components/safe-html';
import { SaveIndicator } from '../../../../components/save-indicator';
import { isBlankHtml } from '../../../../components/sanitize-html';
import { urlFor } from '../../../../lib/named-routes';
import { useExam } from '../../api/get-exam';
import {
  type SittingAutosave,
  type SittingClosedReason,
  useAnswerAutosave,
  useSitting,
  useSittingAutosave,
  useSittingAutosaveState,
  useStartSitting,
  useSubmitSitting,
} from '../../sittings/index';
import { examKeys } from '../../api/query-keys';
import {
  AnswerView,
  isAnswered,
  MarkBadge,
  QuestionContext,
  QuestionInput,
  QuestionPrompt,
  SolutionView,
} from '../../questions/index';
import { QuestionNavigation } from '../components/question-navigation';
import { QuestionPager } from '../components/question-pager';
import { errorCodeOf, questionSetErrorOf } from '../utils/errors';
import { listNumbers, numberedQuestions, type NumberedQuestion } from '../utils/questions';

export interface QuestionPageProps {
  classId: number;
  examId: number;
  questionId: number;
  /** Students answer; teachers (and staff) see each question with its solution. */
  role: 'student' | 'teacher';
  userId: number;
  /** Tabs across the top (the course flag TABBED_NAVIGATION_EXPERIENCE_FOR_QUESTIONSET) or a stepper. */
  tabbed: boolean;
  breadcrumbs: ReactNode;
  /** Shown when the set has no such question. */
  notFound: ReactNode;
}

/**
 * /class/{classId}/question-set/{examId}/question/{questionId}/: one question of a set at a time. While the sitting is
 * open the student answers it (autosaved, see SittingAutosave) and submits on the last question; once submitted each
 * question shows the answer given, its mark and the worked solution (a reflective set shows no marks).
 *
 * The page stays mounted while the student moves between questions, so one autosave serves the whole set and every
 * unsaved answer is sent before submitting.
 */
export function QuestionPage(props: QuestionPageProps) {
  const { classId, examId, questionId, role, userId } = props;
  const student = role === 'student';
  const exam = useExam(examId);
  const sitting = useSitting({ classId, examId }, { enabled: student });

  if (exam.isError) throw exam.error;
  if (student && sitting.isError) throw sitting.error;
  // A student answers from the server's latest versions, never a cached copy, so a stale version cannot cause a
  // needless conflict.
  if (!exam.data || (student && (sitting.data === undefined || !sitting.isFetchedAfterMount))) {
    return <LoadingState label="Loading the question" />;
  }
  const questions = numberedQuestions(exam.data);
  const current = questions.find((q) => q.question.id === questionId);
  if (!current || exam.data.kind === 'exam') return <>{props.notFound}</>;

  return (
    <QuestionContext.Provider value={{ classId, userId }}>
      <SetQuestions
        {...props}
        exam={exam.data}
        sitting={student ? (sitting.data ?? null) : null}
        questions={questions}
        current={current}
      />
    </QuestionContext.Provider>
  );
}

interface SetQuestionsProps extends QuestionPageProps {
  exam: ExamView;
  sitting: Sitting | null;
  questions: readonly NumberedQuestion[];
  current: NumberedQuestion;
}

function SetQuestions(props: SetQuestionsProps) {
  const { classId, exam, sitting, questions, current, userId, tabbed, breadcrumbs, role } = props;
  const reflective = exam.kind === 'reflective_question_set';
  const autosave = useSittingAutosave(
    sitting,
    questions.map((q) => q.question),
    userId,
  );
  const saveState = useSittingAutosaveState(autosave);
  const given = new Map((sitting?.answers ?? []).map((a) => [a.question_id, a]));
  const answerOf = (id: number) => (autosave ? (saveState.answers.get(id) ?? null) : (given.get(id)?.answer ?? null));
  const answered = (q: NumberedQuestion) => isAnswered(q.question, answerOf(q.question.id), reflective);

  useDocumentTitle(`Question ${current.number} · ${exam.title} · Banksia`);
  const setHref = urlFor('class-question-set', { classId, examId: exam.id });
  const hrefFor = (questionId: number) =>
    urlFor('class-question-set-question', { classId, examId: exam.id, questionId });
  const position = questions.indexOf(current);
  const previous = questions[position - 1];
  const next = questions[position + 1];

  let body: ReactNode;
  let last: ReactNode = (
    <Button component={Link} to={setHref}>
      Back to the question set
    </Button>
  );
  if (role === 'teacher') {
    body = <TeacherQuestion current={current} reflective={reflective} />;
  } else if (autosave && sitting) {
    body = <AnswerQuestion autosave={autosave} current={current} reflective={reflective} />;
    last = (
      <SubmitButton autosave={autosave} sitting={sitting} questions={questions} answered={answered} setHref={setHref} />
    );
  } else if (sitting?.status === 'submitted') {
    body = <ReviewQuestion current={current} sitting={sitting} reflective={reflective} />;
    last = (
      <Button component={Link} to={setHref}>
        {sitting.result?.scored ? 'Back to your result' : 'Back to your reflections'}
      </Button>
    );
  } else {
    body = <NotStartedQuestion classId={classId} exam={exam} current={current} reflective={reflective} />;
  }

  return (
    <Stack gap="md" maw={960}>
      <Stack gap={6}>
        {breadcrumbs}
        <Group justify="space-between" align="flex-end" gap="sm">
          <Title order={1} size="h2">
            {exam.title}
          </Title>
          {autosave && <SaveIndicator status={saveState.status} />}
        </Group>
        <Anchor component={Link} to={setHref} size="sm">
          All questions
          {sitting?.status === 'submitted'
            ? sitting.result?.scored
              ? ' and your result'
              : ' and your reflections'
            : ''}
        </Anchor>
      </Stack>
      {saveState.closed && <ClosedAlert reason={saveState.closed} classId={classId} examId={exam.id} />}
      <QuestionNavigation
        tabbed={tabbed}
        currentId={current.question.id}
        hrefFor={hrefFor}
        items={questions.map((q) => ({
          id: q.question.id,
          number: q.number,
          answered: role === 'teacher' ? undefined : answered(q),
        }))}
      >
        <Stack gap="lg">
          {body}
          <QuestionPager
            previousHref={previous ? hrefFor(previous.question.id) : null}
            nextHref={next ? hrefFor(next.question.id) : null}
            last={last}
          />
        </Stack>
      </QuestionNavigation>
    </Stack>
  );
}

function AnswerQuestion({
  autosave,
  current,
  reflective,
}: {
  autosave: SittingAutosave;
  current: NumberedQuestion;
  reflective: boolean;
}) {
  return (
    <Stack gap="md">
      <QuestionPrompt question={current.question} number={current.number} hideMarks={reflective} />
      {/* One editor per question: inputs keep state of their own (a maths field, a reflection's note). */}
      <AnswerEditor key={current.question.id} autosave={autosave} current={current} reflective={reflective} />
    </Stack>
  );
}

function AnswerEditor({
  autosave,
  current,
  reflective,
}: {
  autosave: SittingAutosave;
  current: NumberedQuestion;
  reflective: boolean;
}) {
  const answer = useAnswerAutosave(autosave, current.question.id);
  const closed = useSittingAutosaveState(autosave).closed;
  if (!answer) return null;
  return (
    <Stack gap="sm">
      {!closed && <AutosaveAlerts autosave={answer} noun="answers" />}
      <QuestionInput
        question={current.question}
        answer={answer.value}
        onChange={(value) => autosave.change(current.question.id, value)}
        disabled={closed !== null}
        reflective={reflective}
      />
    </Stack>
  );
}

function NotStartedQuestion({
  classId,
  exam,
  current,
  reflective,
}: {
  classId: number;
  exam: ExamView;
  current: NumberedQuestion;
  reflective: boolean;
}) {
  const start = useStartSitting({ classId, examId: exam.id });
  return (
    <Stack gap="md">
      <QuestionPrompt question={current.question} number={current.number} hideMarks={reflective} />
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Text>Start the {reflective ? 'reflection' : 'question set'} to answer this question.</Text>
          {start.isError && (
            <Alert color="red" variant="light" role="alert">
              {questionSetErrorOf(start.error)}
            </Alert>
          )}
          <Group>
            <Button
              leftSection={<IconPlayerPlay size={16} aria-hidden />}
              loading={start.isPending}
              onClick={() => start.mutate()}
            >
              Start
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}

function ReviewQuestion({
  current,
  sitting,
  reflective,
}: {
  current: NumberedQuestion;
  sitting: Sitting;
  reflective: boolean;
}) {
  const { question } = current;
  const given = sitting.answers.find((a) => a.question_id === question.id);
  const scored = !reflective && (sitting.result?.scored ?? false);
  return (
    <Stack gap="md">
      <QuestionPrompt question={question} number={current.number} hideMarks={!scored} />
      <section aria-labelledby="your-answer-heading">
        <Group gap="sm" mb="xs">
          <Title order={3} size="h5" id="your-answer-heading">
            {reflective ? 'Your reflection' : 'Your answer'}
          </Title>
          {scored && (
            <MarkBadge
              status={given?.mark_status ?? 'unanswered'}
              marksAwarded={given?.marks_awarded ?? null}
              marks={question.marks}
            />
          )}
        </Group>
        <AnswerView question={question} answer={given?.answer ?? null} />
      </section>
      {given && !isBlankHtml(given.feedback) && (
        <section aria-labelledby="feedback-heading">
          <Title order={3} size="h5" id="feedback-heading" mb="xs">
            Your teacher&apos;s feedback
          </Title>
          <SafeHtml html={given.feedback} />
        </section>
      )}
      {scored && (
        <Paper withBorder p="md" component="section" aria-labelledby="solution-heading">
          <Title order={3} size="h5" id="solution-heading" mb="xs">
            Solution
          </Title>
          <SolutionView question={question} />
        </Paper>
      )}
    </Stack>
  );
}

function TeacherQuestion({ current, reflective }: { current: NumberedQuestion; reflective: boolean }) {
  return (
    <Stack gap="md">
      <QuestionPrompt question={current.question} number={current.number} hideMarks={reflective} />
      {reflective ? (
        <Text c="dimmed" size="sm">
          Students answer with how confident they feel and what they want to revisit. Nothing is marked.
        </Text>
      ) : (
        <Paper withBorder p="md" component="section" aria-labelledby="solution-heading">
          <Title order={3} size="h5" id="solution-heading" mb="xs">
            Solution
          </Title>
          <SolutionView question={current.question} />
        </Paper>
      )}
    </Stack>
  );
}

/**
 * Submits the sitting from the last question: asks first when some questions have no answer, sends every unsaved
 * answer and waits for them, then submits and shows the result on the set's page.
 */
function SubmitButton({
  autosave,
  sitting,
  questions,
  answered,
  setHref,
}: {
  autosave: SittingAutosave;
  sitting: Sitting;
  questions: readonly NumberedQuestion[];
  answered: (q: NumberedQuestion) => boolean;
  setHref: string;
}) {
  const navigate = useNavigate();
  const submit = useSubmitSitting();
  const [confirming, setConfirming] = useState(false);
  const [flushing, setFlushing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { closed } = useSittingAutosaveState(autosave);
  const unanswered = questions.filter((q) => !answered(q)).map((q) => q.number);

  async function send() {
    setConfirming(false);
    setProblem(null);
    setFlushing(true);
    // Once time is up nothing more can be saved, but the sitting can still be submitted with what the server has.
    const saved = closed === 'time_up' || (await autosave.flushAll());
    setFlushing(false);
    if (!saved) {
      const unsaved = questions
        .filter((q) => autosave.saverFor(q.question.id)?.getSnapshot().status !== 'saved')
        .map((q) => q.number);
      setProblem(
        `Your ${unsaved.length === 1 ? 'answer to question' : 'answers to questions'} ${listNumbers(unsaved)} ` +
          `${unsaved.length === 1 ? 'is' : 'are'} not saved yet, so nothing was submitted. Check ` +
          `${unsaved.length === 1 ? 'it' : 'them'} and try again.`,
      );
      return;
    }
    try {
      // mutateAsync rather than mutate's callbacks: the submitted sitting replaces this button (the page turns to the
      // review) before the answer's promise settles, and mutate's callbacks do not run once their component is gone.
      await submit.mutateAsync(sitting.id);
    } catch (error) {
      if (errorCodeOf(error) === 'exam_locked') autosave.close('exam_locked');
      setProblem(questionSetErrorOf(error));
      return;
    }
    autosave.clearDrafts();
    void navigate(setHref);
  }

  return (
    <>
      <Stack gap="xs" align="flex-end">
        <Button
          rightSection={<IconSend size={16} aria-hidden />}
          loading={flushing || submit.isPending}
          // Locked or already submitted: the alert above the questions says why; the server would refuse anyway.
          disabled={closed === 'exam_locked' || closed === 'sitting_submitted'}
          onClick={() => (unanswered.length > 0 ? setConfirming(true) : void send())}
        >
          Submit
        </Button>
        {problem && (
          <Alert color="red" variant="light" role="alert" maw={480}>
            {problem}
          </Alert>
        )}
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Submit with unanswered questions?"
        centered
      >
        <Stack gap="md">
          <Text>
            {unanswered.length === 1
              ? `Question ${unanswered[0]} has no answer yet.`
              : `Questions ${listNumbers(unanswered)} have no answers yet.`}{' '}
            Once you submit, your answers can&apos;t be changed.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Keep answering
            </Button>
            <Button onClick={() => void send()}>Submit anyway</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

const CLOSED_MESSAGES: Record<SittingClosedReason, string> = {
  sitting_submitted:
    'This question set has already been submitted (perhaps in another tab or on another device), so answers here are no longer saved.',
  exam_locked:
    'Your teacher has locked this question set, so answers are not being saved. They are kept on this device: reload the page once your teacher unlocks it.',
  time_up: 'Time is up for this question set, so answers are no longer saved. You can still submit it.',
};

function ClosedAlert({ reason, classId, examId }: { reason: SittingClosedReason; classId: number; examId: number }) {
  const queryClient = useQueryClient();
  return (
    <Alert color="orange" variant="light" role="alert">
      <Stack gap="xs">
        <Text size="sm">{CLOSED_MESSAGES[reason]}</Text>
        {reason === 'sitting_submitted' && (
          <Group>
            <Button
              size="xs"
              variant="default"
              onClick={() => void queryClient.invalidateQueries({ queryKey: examKeys.sitting({ classId, examId }) })}
            >
              Show the submitted answers
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
