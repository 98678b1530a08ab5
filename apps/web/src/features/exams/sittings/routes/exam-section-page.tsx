import type { ExamQuestionView, ExamView, Sitting } from '@banksia/contracts/exam-api';
import { FailureReason } from '@banksia/contracts/errors';
import { Alert, Anchor, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconArrowRight, IconLock, IconSend } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { AutosaveAlerts } from '../../../../components/autosave-alerts';
import { LoadingState } from '../../../../components/loading-state';
import { RequestFailure } from '../../../../components/request-failure';
import { SaveIndicator } from '../../../../components/save-indicator';
import type { ExamClass } from '../../api/get-exam-classes';
import { useSubmitSitting } from '../api/submit-sitting';
import { CountdownTimer } from '../components/countdown-timer';
import { ExamPageHeader } from '../components/exam-page-header';
import { QuestionList, type QuestionListItem } from '../components/question-list';
import { SubmitDialog } from '../components/submit-dialog';
import { useCountdown } from '../hooks/countdown';
import type { SittingAutosave, SittingClosedReason } from '../hooks/sitting-autosave';
import { useAnswerAutosave, useSittingAutosaveState } from '../hooks/use-sitting-autosave';
import { isAnswered, QuestionContext, questionHeadingId, QuestionInput, QuestionPrompt } from '../../questions/index';
import { examPageUrl } from '../utils/exam-links';
import { orderedSections, questionNumbers, type ExamSectionView } from '../utils/exam-structure';
import { refusalCode, refusalMessage } from '../utils/refusal';
import classes from '../components/exam-pages.module.css';
import { readableAlertTitle } from '../utils/alert-styles';
import { useExamContext } from './exam-context';
import { idFrom } from './exam-layout';

/** The element id of a question on its section's page, for links to it. */
export function questionAnchor(questionId: number): string {
  return `question-${questionId}`;
}

/**
 * /exams/{examId}/{sectionId}/: the student answers one section. Each answer saves as they go (kept on the device at
 * once, so nothing is lost offline or on reload); the bar above shows the time left and whether everything is saved,
 * and Submit asks first, naming what is unanswered. When the time is up the answers are sent and submitted.
 */
export function ExamSectionRoute() {
  const { exam, examClass, sitting, autosave } = useExamContext();
  const params = useParams();
  const sectionId = idFrom(params.sectionId);
  const sections = useMemo(() => orderedSections(exam), [exam]);
  const section = sections.find((s) => s.id === sectionId);
  if (!section) throw new RequestFailure(FailureReason.NOT_FOUND_ERROR, 404, null);
  const overview = examPageUrl('exam', { examId: exam.id }, examClass?.class_id ?? null);

  if (examClass === null) return <Navigate to={overview} replace />;
  if (examClass.teaches) {
    return (
      <NotAnswering exam={exam} examClass={examClass} title={section.title}>
        Teachers don’t sit exams here.{' '}
        <Anchor component={Link} to={overview}>
          Back to the exam
        </Anchor>
        .
      </NotAnswering>
    );
  }
  // Submitted (here, or in another tab): the result is on the start page.
  if (sitting?.status === 'submitted') return <Navigate to={overview} replace />;
  if (!sitting) {
    return (
      <NotAnswering exam={exam} examClass={examClass} title={section.title}>
        You haven’t started this {exam.kind === 'exam' ? 'exam' : 'question set'} yet.{' '}
        <Anchor component={Link} to={overview}>
          Go to the start page
        </Anchor>
        .
      </NotAnswering>
    );
  }
  if (!autosave) return <LoadingState label="Loading your answers" />;
  return (
    <SectionAnswers
      key={sitting.id}
      exam={exam}
      sections={sections}
      section={section}
      examClass={examClass}
      sitting={sitting}
      autosave={autosave}
    />
  );
}

function NotAnswering({
  exam,
  examClass,
  title,
  children,
}: {
  exam: ExamView;
  examClass: ExamClass;
  title: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="lg" maw={900}>
      <ExamPageHeader title={exam.title} documentTitle={`${title} · ${exam.title}`} examClass={examClass} />
      <Text>{children}</Text>
    </Stack>
  );
}

const CLOSED_MESSAGES: Record<SittingClosedReason, { title: string; body: string }> = {
  exam_locked: {
    title: 'Your teacher has locked this exam',
    body: 'You can’t change your answers until your teacher unlocks it. Your answers are kept; reload the page once it is unlocked.',
  },
  time_up: {
    title: 'The time is up',
    body: 'Your answers can no longer change. They are being submitted.',
  },
  sitting_submitted: {
    title: 'Already submitted',
    body: 'These answers were submitted, perhaps in another tab, so they can no longer change.',
  },
};

function SectionAnswers({
  exam,
  sections,
  section,
  examClass,
  sitting,
  autosave,
}: {
  exam: ExamView;
  sections: readonly ExamSectionView[];
  section: ExamSectionView;
  examClass: ExamClass;
  sitting: Sitting;
  autosave: SittingAutosave;
}) {
  const { userId, sittingReadAt } = useExamContext();
  const navigate = useNavigate();
  const location = useLocation();
  const classId = examClass.class_id;
  const reflective = exam.kind === 'reflective_question_set';
  const noun = exam.kind === 'exam' ? 'exam' : 'answers';
  const state = useSittingAutosaveState(autosave);
  const numbers = useMemo(() => questionNumbers(exam), [exam]);
  const submit = useSubmitSitting();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [unsaved, setUnsaved] = useState(false);
  const [timeUp, setTimeUp] = useState(false);
  const busyRef = useRef(false);

  // The deadline by this browser's clock: the server's seconds left, counted from when it said so.
  const deadline =
    sitting.time_remaining_seconds === null ? null : sittingReadAt + sitting.time_remaining_seconds * 1000;
  const countdown = useCountdown(deadline, () => {
    setTimeUp(true);
    void submitNow({ force: true });
  });

  const submitError = submit.error ? refusalMessage(submit.error, 'submit') : null;
  useEffect(() => {
    if (refusalCode(submit.error) === 'exam_locked') autosave.close('exam_locked');
  }, [submit.error, autosave]);

  /**
   * Sends every unsaved answer, then submits. One at a time: a second click, or the timer running out meanwhile,
   * does nothing more. Unless forced, unsaved answers stop it so the student can decide.
   */
  async function submitNow({ force }: { force: boolean }) {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    try {
      const saved = await autosave.flushAll();
      if (!saved && !force) {
        setUnsaved(true);
        return;
      }
      await submit.mutateAsync(sitting.id);
      autosave.clearDrafts();
      void navigate(examPageUrl('exam', { examId: exam.id }, classId));
    } catch {
      // Shown from submit.error.
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  const items = useMemo(() => {
    const map = new Map<number, QuestionListItem>();
    for (const s of sections) {
      for (const question of s.questions) {
        map.set(question.id, {
          questionId: question.id,
          number: numbers.get(question.id) ?? 0,
          answered: isAnswered(question, state.answers.get(question.id) ?? null, reflective),
          href: `${examPageUrl('exam-section', { examId: exam.id, sectionId: s.id }, classId)}#${questionAnchor(question.id)}`,
        });
      }
    }
    return map;
  }, [sections, numbers, state.answers, reflective, exam.id, classId]);
  const unanswered = [...items.values()].filter((item) => !item.answered);

  useScrollToHash(location.hash, section.id);

  const closed = state.closed ?? (examClass.is_locked ? 'exam_locked' : null) ?? (timeUp ? 'time_up' : null);
  const disabled = closed !== null || busy;
  const index = sections.findIndex((s) => s.id === section.id);
  const previous = sections[index - 1];
  const next = sections[index + 1];

  return (
    <QuestionContext.Provider value={{ classId, userId }}>
      <Stack gap="md">
        <ExamPageHeader
          title={exam.title}
          documentTitle={`${section.title} · ${exam.title}`}
          examClass={examClass}
          crumbs={[{ label: exam.title, href: examPageUrl('exam', { examId: exam.id }, classId) }]}
        />
        <Group justify="space-between" className={classes.bar} gap="sm" wrap="wrap">
          <Group gap="lg" wrap="wrap">
            {countdown.secondsLeft !== null && (
              <CountdownTimer secondsLeft={countdown.secondsLeft} warning={countdown.warning} />
            )}
            <SaveIndicator status={state.status} />
          </Group>
          <Button
            onClick={() => {
              setUnsaved(false);
              submit.reset();
              setDialogOpen(true);
            }}
            disabled={busy || state.closed === 'sitting_submitted'}
            leftSection={<IconSend size={18} aria-hidden />}
          >
            Submit
          </Button>
        </Group>
        {closed && (
          <Alert
            styles={readableAlertTitle}
            color={closed === 'exam_locked' ? 'orange' : 'blue'}
            variant="light"
            icon={closed === 'exam_locked' ? <IconLock aria-hidden /> : <IconAlertTriangle aria-hidden />}
            title={CLOSED_MESSAGES[closed].title}
            role="alert"
          >
            {CLOSED_MESSAGES[closed].body}
            {closed === 'sitting_submitted' && (
              <>
                {' '}
                <Anchor component={Link} to={examPageUrl('exam', { examId: exam.id }, classId)}>
                  See your result
                </Anchor>
                .
              </>
            )}
          </Alert>
        )}
        {timeUp && submitError && !dialogOpen && (
          <Alert
            styles={readableAlertTitle}
            color="red"
            variant="light"
            title="Your answers couldn’t be submitted"
            role="alert"
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{submitError}</Text>
              <Button size="xs" onClick={() => void submitNow({ force: true })} loading={busy}>
                Try again
              </Button>
            </Stack>
          </Alert>
        )}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="md" component="section" aria-labelledby="section-heading">
              <Title order={2} id="section-heading">
                {section.title}
              </Title>
              {section.questions.map((question) => (
                <QuestionCard
                  key={question.id}
                  question={question}
                  number={numbers.get(question.id) ?? 0}
                  autosave={autosave}
                  disabled={disabled}
                  reflective={reflective}
                  closed={closed !== null}
                />
              ))}
              <Group justify="space-between" mt="sm">
                {previous ? (
                  <Button
                    component={Link}
                    to={examPageUrl('exam-section', { examId: exam.id, sectionId: previous.id }, classId)}
                    variant="default"
                    leftSection={<IconArrowLeft size={18} aria-hidden />}
                  >
                    {previous.title}
                  </Button>
                ) : (
                  <span />
                )}
                {next ? (
                  <Button
                    component={Link}
                    to={examPageUrl('exam-section', { examId: exam.id, sectionId: next.id }, classId)}
                    rightSection={<IconArrowRight size={18} aria-hidden />}
                  >
                    {next.title}
                  </Button>
                ) : (
                  <Button
                    onClick={() => {
                      setUnsaved(false);
                      submit.reset();
                      setDialogOpen(true);
                    }}
                    disabled={busy || state.closed === 'sitting_submitted'}
                    leftSection={<IconSend size={18} aria-hidden />}
                  >
                    Submit
                  </Button>
                )}
              </Group>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder p="md" className={classes.sideList}>
              <QuestionList sections={sections} items={items} currentSectionId={section.id} />
            </Paper>
          </Grid.Col>
        </Grid>
      </Stack>
      <SubmitDialog
        opened={dialogOpen}
        onClose={() => setDialogOpen(false)}
        onSubmit={() => void submitNow({ force: unsaved })}
        unanswered={unanswered.map((item) => ({ number: item.number, href: item.href }))}
        submitting={busy}
        unsaved={unsaved}
        error={submitError}
        noun={noun}
      />
    </QuestionContext.Provider>
  );
}

function QuestionCard({
  question,
  number,
  autosave,
  disabled,
  reflective,
  closed,
}: {
  question: ExamQuestionView;
  number: number;
  autosave: SittingAutosave;
  disabled: boolean;
  reflective: boolean;
  closed: boolean;
}) {
  const answer = useAnswerAutosave(autosave, question.id);
  if (!answer) return null;
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby={questionHeadingId(question.id)}
      id={questionAnchor(question.id)}
      className={classes.question}
      tabIndex={-1}
    >
      <Stack gap="md">
        <QuestionPrompt question={question} number={number} order={3} hideMarks={reflective} />
        <QuestionInput
          question={question}
          answer={answer.value}
          onChange={(value) => autosave.change(question.id, value)}
          disabled={disabled}
          reflective={reflective}
        />
        {/* Once the sitting is closed the page says why; each answer's refusal would only repeat it. */}
        {!closed && <AutosaveAlerts autosave={answer} noun="answers" />}
      </Stack>
    </Paper>
  );
}

/** Brings the question a link named (#question-…) into view and focus, as the browser would for a full page load. */
function useScrollToHash(hash: string, sectionId: number) {
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [hash, sectionId]);
}
