import type { Mistakes } from '@banksia/contracts/exam-api';
import { FailureReason } from '@banksia/contracts/errors';
import { Anchor, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconBulb } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { AutosaveAlerts } from '../../../../components/autosave-alerts';
import { LoadingState } from '../../../../components/loading-state';
import { RequestFailure } from '../../../../components/request-failure';
import { RichTextEditor } from '../../../../components/rich-text-editor';
import { isBlankHtml } from '../../../../components/sanitize-html';
import { SaveIndicator } from '../../../../components/save-indicator';
import type { ExamClass } from '../../api/get-exam-classes';
import { useMistakes, type Mistake } from '../api/get-mistakes';
import { useSetGrok } from '../api/set-grok';
import {
  ExamPageHeader,
  examPageUrl,
  idFrom,
  orderedQuestions,
  questionNumbers,
  useExamContext,
} from '../../sittings/index';
import { useNoteAutosave } from '../hooks/use-note-autosave';
import {
  AnswerView,
  MarkBadge,
  QuestionContext,
  questionHeadingId,
  QuestionPrompt,
  RichHtml,
  SolutionView,
} from '../../questions/index';

/** What the mistakes pages share: the student's class, their mistakes, and each question's number. */
function useMistakesPage() {
  const context = useExamContext();
  const { exam, examClass, sitting } = context;
  const classId = examClass?.class_id ?? 0;
  const submitted = examClass !== null && !examClass.teaches && sitting?.status === 'submitted';
  const mistakes = useMistakes({ classId, examId: exam.id }, { enabled: submitted });
  const numbers = useMemo(() => questionNumbers(exam), [exam]);
  const questions = useMemo(() => new Map(orderedQuestions(exam).map((q) => [q.id, q])), [exam]);
  return { ...context, submitted, mistakes, numbers, questions };
}

/** The page's frame while there is nothing to review yet (no class chosen, a teacher, not submitted). */
function NothingToReview({
  examClass,
  title,
  children,
}: {
  examClass: ExamClass | null;
  title: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="lg" maw={900}>
      <ExamPageHeader title="Your mistakes" documentTitle={`Mistakes · ${title}`} examClass={examClass} />
      <Text>{children}</Text>
    </Stack>
  );
}

/**
 * /exams/{examId}/mistakes/: the questions the student lost marks on, each with "I get it now" and links to go over
 * it and to its solution, and how many are still to understand.
 */
export function ExamMistakesRoute() {
  const { exam, examClass, submitted, mistakes, numbers, questions } = useMistakesPage();
  const overview = examPageUrl('exam', { examId: exam.id }, examClass?.class_id ?? null);
  if (examClass === null) return <Navigate to={overview} replace />;
  if (!submitted) {
    return (
      <NothingToReview examClass={examClass} title={exam.title}>
        Your mistakes show here once you have submitted.{' '}
        <Anchor component={Link} to={overview}>
          Back to the exam
        </Anchor>
        .
      </NothingToReview>
    );
  }
  if (mistakes.isError) throw mistakes.error;
  if (!mistakes.data) return <LoadingState label="Loading your mistakes" />;
  const list = sortedMistakes(mistakes.data, numbers);
  const left = list.filter((m) => m.grokked_at === null).length;
  const classId = examClass.class_id;

  return (
    <Stack gap="lg" maw={900}>
      <ExamPageHeader
        title="Your mistakes"
        documentTitle={`Mistakes · ${exam.title}`}
        examClass={examClass}
        crumbs={[{ label: exam.title, href: overview }]}
        description={exam.title}
      />
      {list.length === 0 ? (
        <Text>
          No mistakes to go over: every marked answer was right.
          {!mistakes.data.released && ' Answers waiting for your teacher show here if they lose marks, once marked.'}
        </Text>
      ) : (
        <>
          <Text fw={600} aria-live="polite">
            {left === 0
              ? `You have gone over all ${list.length} mistakes. Well done!`
              : `${left} of ${list.length} ${list.length === 1 ? 'mistake' : 'mistakes'} still to go over.`}
          </Text>
          {!mistakes.data.released && (
            <Text size="sm" c="dimmed">
              Answers waiting for your teacher aren’t listed until they are marked.
            </Text>
          )}
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {list.map((mistake) => {
              const question = questions.get(mistake.question_id);
              if (!question) return null;
              const number = numbers.get(question.id) ?? 0;
              return (
                <li key={mistake.question_id}>
                  <Paper withBorder p="md" component="section" aria-labelledby={questionHeadingId(question.id)}>
                    <Stack gap="sm">
                      <Group justify="space-between" gap="sm">
                        <Title order={2} size="h4" id={questionHeadingId(question.id)}>
                          Question {number}
                        </Title>
                        <MarkBadge
                          status={mistake.mark_status}
                          marksAwarded={mistake.marks_awarded}
                          marks={mistake.marks}
                        />
                      </Group>
                      <RichHtml html={question.prompt} />
                      <Group justify="space-between" gap="sm">
                        <Group gap="sm">
                          <Anchor
                            component={Link}
                            to={examPageUrl('exam-mistake', { examId: exam.id, questionId: question.id }, classId)}
                            fw={600}
                          >
                            Go over question {number}
                          </Anchor>
                          <Anchor
                            component={Link}
                            to={examPageUrl(
                              'exam-mistake-solution',
                              { examId: exam.id, questionId: question.id },
                              classId,
                            )}
                            aria-label={`Solution to question ${number}`}
                          >
                            Solution
                          </Anchor>
                        </Group>
                        <GrokToggle classId={classId} examId={exam.id} mistake={mistake} />
                      </Group>
                    </Stack>
                  </Paper>
                </li>
              );
            })}
          </Stack>
        </>
      )}
      <Group>
        <Button component={Link} to={overview} variant="default" leftSection={<IconArrowLeft size={18} aria-hidden />}>
          Back to the exam
        </Button>
      </Group>
    </Stack>
  );
}

function sortedMistakes(mistakes: Mistakes, numbers: ReadonlyMap<number, number>): Mistake[] {
  return [...mistakes.mistakes].sort((a, b) => (numbers.get(a.question_id) ?? 0) - (numbers.get(b.question_id) ?? 0));
}

/** "I get it now": ticked once the student understands the mistake; saved at once, undone on failure. */
function GrokToggle({ classId, examId, mistake }: { classId: number; examId: number; mistake: Mistake }) {
  const grok = useSetGrok({ classId, examId });
  // The tick follows the click at once; the cached list (updated optimistically, put back on failure) follows a
  // tick later and keeps it in step.
  const saved = mistake.grokked_at !== null;
  const [checked, setChecked] = useState(saved);
  const [lastSaved, setLastSaved] = useState(saved);
  if (saved !== lastSaved) {
    setLastSaved(saved);
    setChecked(saved);
  }
  return (
    <Checkbox
      label="I get it now"
      // Says which question, after the label the student sees.
      aria-describedby={questionHeadingId(mistake.question_id)}
      checked={checked}
      onChange={(event) => {
        const grokked = event.currentTarget.checked;
        setChecked(grokked);
        grok.mutate({ questionId: mistake.question_id, grokked }, { onError: () => setChecked(!grokked) });
      }}
      icon={({ className }) => <IconBulb className={className} aria-hidden />}
      size="md"
    />
  );
}

/** /exams/{examId}/mistakes/{questionId}/: one mistake: the question, the student's answer, and their note. */
export function ExamMistakeRoute() {
  return <MistakePage withSolution={false} />;
}

/** /exams/{examId}/mistakes/{questionId}/solution/: one mistake with its worked solution, and the student's note. */
export function ExamMistakeSolutionRoute() {
  return <MistakePage withSolution />;
}

function MistakePage({ withSolution }: { withSolution: boolean }) {
  const { exam, examClass, sitting, userId, submitted, mistakes, numbers, questions } = useMistakesPage();
  const params = useParams();
  const questionId = idFrom(params.questionId);
  const question = questionId === null ? undefined : questions.get(questionId);
  if (!question) throw new RequestFailure(FailureReason.NOT_FOUND_ERROR, 404, null);
  const overview = examPageUrl('exam', { examId: exam.id }, examClass?.class_id ?? null);
  if (examClass === null) return <Navigate to={overview} replace />;
  const number = numbers.get(question.id) ?? 0;
  if (!submitted) {
    return (
      <NothingToReview examClass={examClass} title={exam.title}>
        Your mistakes show here once you have submitted.{' '}
        <Anchor component={Link} to={overview}>
          Back to the exam
        </Anchor>
        .
      </NothingToReview>
    );
  }
  if (mistakes.isError) throw mistakes.error;
  if (!mistakes.data) return <LoadingState label="Loading your mistake" />;

  const classId = examClass.class_id;
  const list = sortedMistakes(mistakes.data, numbers);
  const index = list.findIndex((m) => m.question_id === question.id);
  const mistake = list[index];
  const answer = sitting?.answers.find((a) => a.question_id === question.id) ?? null;
  const mistakesUrl = examPageUrl('exam-mistakes', { examId: exam.id }, classId);
  const page = (m: Mistake) =>
    examPageUrl(
      withSolution ? 'exam-mistake-solution' : 'exam-mistake',
      { examId: exam.id, questionId: m.question_id },
      classId,
    );
  const previous = list[index - 1];
  const next = list[index + 1];

  return (
    <QuestionContext.Provider value={{ classId, userId }}>
      <Stack gap="lg" maw={900}>
        <ExamPageHeader
          title={withSolution ? `Solution to question ${number}` : `Going over question ${number}`}
          documentTitle={`Question ${number}${withSolution ? ' solution' : ''} · Mistakes · ${exam.title}`}
          examClass={examClass}
          crumbs={[
            { label: exam.title, href: overview },
            { label: 'Your mistakes', href: mistakesUrl },
          ]}
        />
        <Paper withBorder p="md" component="section" aria-labelledby={questionHeadingId(question.id)}>
          <Stack gap="md">
            <QuestionPrompt question={question} number={number} order={2} />
            <div>
              <Group justify="space-between" gap="sm" mb={6}>
                <Title order={3} size="h6">
                  Your answer
                </Title>
                <MarkBadge
                  status={answer?.mark_status ?? 'unanswered'}
                  marksAwarded={answer?.marks_awarded ?? (answer ? null : 0)}
                  marks={question.marks}
                />
              </Group>
              <AnswerView question={question} answer={answer?.answer ?? null} />
            </div>
            {mistakes.data.released && answer && !isBlankHtml(answer.feedback) && (
              <Paper bg="blue.0" p="sm" radius="sm">
                <Title order={3} size="h6">
                  Feedback from your teacher
                </Title>
                <RichHtml html={answer.feedback} />
              </Paper>
            )}
            {withSolution ? (
              <SolutionView question={question} order={3} />
            ) : (
              <Group>
                <Button
                  component={Link}
                  to={examPageUrl('exam-mistake-solution', { examId: exam.id, questionId: question.id }, classId)}
                  variant="light"
                >
                  See the solution
                </Button>
              </Group>
            )}
            {mistake ? (
              <GrokToggle classId={classId} examId={exam.id} mistake={mistake} />
            ) : (
              <Text size="sm" c="dimmed">
                This question isn’t one of your mistakes.
              </Text>
            )}
          </Stack>
        </Paper>
        <QuestionNote
          key={question.id}
          params={{ classId, examId: exam.id, questionId: question.id }}
          userId={userId}
          mistakes={mistakes.data}
          number={number}
        />
        <Group justify="space-between">
          {previous ? (
            <Button
              component={Link}
              to={page(previous)}
              variant="default"
              leftSection={<IconArrowLeft size={18} aria-hidden />}
            >
              Question {numbers.get(previous.question_id)}
            </Button>
          ) : (
            <Button
              component={Link}
              to={mistakesUrl}
              variant="default"
              leftSection={<IconArrowLeft size={18} aria-hidden />}
            >
              All mistakes
            </Button>
          )}
          {next ? (
            <Button component={Link} to={page(next)} rightSection={<IconArrowRight size={18} aria-hidden />}>
              Question {numbers.get(next.question_id)}
            </Button>
          ) : (
            <Button component={Link} to={mistakesUrl} variant="default">
              All mistakes
            </Button>
          )}
        </Group>
      </Stack>
    </QuestionContext.Provider>
  );
}

/** The student's own note on the question: rich text, saved as they type. */
function QuestionNote({
  params,
  userId,
  mistakes,
  number,
}: {
  params: { classId: number; examId: number; questionId: number };
  userId: number;
  mistakes: Mistakes;
  number: number;
}) {
  const note = useNoteAutosave(params, userId, mistakes);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="note-heading">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4" id="note-heading">
            Your note
          </Title>
          <SaveIndicator status={note.status} />
        </Group>
        <AutosaveAlerts autosave={note} noun="notes" />
        <RichTextEditor
          label={`Your note on question ${number}`}
          description="What you got wrong and how to get it right next time. It saves as you type."
          value={note.html}
          onChange={note.onChange}
          minHeight={120}
        />
      </Stack>
    </Paper>
  );
}
