import type { ExamView, Sitting } from '@banksia/contracts/exam-api';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowRight, IconPlayerPlay, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoadingState } from '../../../../components/loading-state';
import { urlFor } from '../../../../lib/named-routes';
import { useExam } from '../../api/get-exam';
import { useSitting, useStartSitting } from '../../sittings/index';
import { AnswerView, formatMarks, isAnswered, MarkBadge, QuestionContext } from '../../questions/index';
import { AnsweredBadge } from '../components/answered-badge';
import { QuestionList, type QuestionListItem } from '../components/question-list';
import { questionSetErrorOf } from '../utils/errors';
import { numberedQuestions, promptExcerpt, type NumberedQuestion } from '../utils/questions';

export interface QuestionSetPageProps {
  classId: number;
  examId: number;
  /** Students answer; teachers (and staff) see the questions with their solutions. */
  role: 'student' | 'teacher';
  userId: number;
  /** The way back to the course, above the title. */
  breadcrumbs: ReactNode;
}

/**
 * /class/{classId}/question-set/{examId}/: a lesson question set or a reflective question set in a class. The student
 * starts or continues it, and once submitted sees how it went (marks, or their reflections in a reflective set) and
 * may try again, which starts a new sitting. Two requests: the set and the student's sitting.
 */
export function QuestionSetPage({ classId, examId, role, userId, breadcrumbs }: QuestionSetPageProps) {
  const exam = useExam(examId);
  const student = role === 'student';
  const sitting = useSitting({ classId, examId }, { enabled: student });
  useDocumentTitle(exam.data ? `${exam.data.title} · Banksia` : 'Question set · Banksia');

  // A set the viewer may not open (403/404) shows the failure page in place of this one.
  if (exam.isError) throw exam.error;
  if (student && sitting.isError) throw sitting.error;
  if (!exam.data || (student && sitting.data === undefined)) return <LoadingState label="Loading the question set" />;

  const questions = numberedQuestions(exam.data);
  const hrefFor = (questionId: number) => urlFor('class-question-set-question', { classId, examId, questionId });
  let content: ReactNode;
  if (questions.length === 0) {
    content = <Text>This question set has no questions yet.</Text>;
  } else if (student) {
    content = (
      <StudentView
        classId={classId}
        exam={exam.data}
        sitting={sitting.data ?? null}
        questions={questions}
        hrefFor={hrefFor}
      />
    );
  } else {
    content = <TeacherView questions={questions} hrefFor={hrefFor} />;
  }
  return (
    <QuestionContext.Provider value={{ classId, userId }}>
      <Stack gap="lg" maw={880}>
        <Stack gap={6}>
          {breadcrumbs}
          <Title order={1}>{exam.data.title}</Title>
          <Text c="dimmed">{describe(exam.data, questions.length)}</Text>
        </Stack>
        {content}
      </Stack>
    </QuestionContext.Provider>
  );
}

function isReflective(exam: Pick<ExamView, 'kind'>): boolean {
  return exam.kind === 'reflective_question_set';
}

function describe(exam: ExamView, count: number): string {
  const questions = `${count} ${count === 1 ? 'question' : 'questions'}`;
  if (isReflective(exam)) return `Reflection · ${questions} · not marked`;
  return `Question set · ${questions} · ${exam.marks_total} ${exam.marks_total === '1' ? 'mark' : 'marks'}`;
}

interface StudentViewProps {
  classId: number;
  exam: ExamView;
  sitting: Sitting | null;
  questions: readonly NumberedQuestion[];
  hrefFor: (questionId: number) => string;
}

function StudentView({ classId, exam, sitting, questions, hrefFor }: StudentViewProps) {
  const reflective = isReflective(exam);
  const answers = new Map((sitting?.answers ?? []).map((a) => [a.question_id, a]));
  const answered = (q: NumberedQuestion) =>
    isAnswered(q.question, answers.get(q.question.id)?.answer ?? null, reflective);

  const items: QuestionListItem[] = questions.map((q) => {
    const answer = answers.get(q.question.id);
    let state: ReactNode = null;
    if (sitting?.status === 'open') state = <AnsweredBadge answered={answered(q)} />;
    else if (sitting?.status === 'submitted' && sitting.result?.scored) {
      state = (
        <MarkBadge
          status={answer?.mark_status ?? 'unanswered'}
          marksAwarded={answer?.marks_awarded ?? null}
          marks={q.question.marks}
        />
      );
    } else if (sitting?.status === 'submitted') state = <AnsweredBadge answered={answered(q)} label="Reflected" />;
    return { ...q, href: hrefFor(q.question.id), state };
  });

  return (
    <>
      {sitting === null && (
        <StartPanel classId={classId} exam={exam} questions={questions} hrefFor={hrefFor}>
          <Text>
            {reflective
              ? 'Think about how confident you feel with each idea, and note what you want to go over again. Nothing here is marked.'
              : 'Answer each question; your answers save as you go. Submit when you are done to see your marks and the worked solutions.'}
          </Text>
        </StartPanel>
      )}
      {sitting?.status === 'open' && <ContinuePanel questions={questions} answered={answered} hrefFor={hrefFor} />}
      {sitting?.status === 'submitted' && (
        <Results classId={classId} exam={exam} sitting={sitting} questions={questions} hrefFor={hrefFor} />
      )}
      {/* A submitted reflection lists every question with its reflection already. */}
      {!(reflective && sitting?.status === 'submitted') && (
        <section aria-labelledby="questions-heading">
          <Title order={2} size="h3" id="questions-heading" mb="xs">
            Questions
          </Title>
          <QuestionList items={items} />
        </section>
      )}
    </>
  );
}

/** Starts a sitting (the first, or a new one after a submitted sitting) and opens its first question. */
function StartPanel({
  classId,
  exam,
  questions,
  hrefFor,
  again = false,
  children,
}: {
  classId: number;
  exam: ExamView;
  questions: readonly NumberedQuestion[];
  hrefFor: (questionId: number) => string;
  again?: boolean;
  children?: ReactNode;
}) {
  const start = useStartSitting({ classId, examId: exam.id });
  const navigate = useNavigate();
  const first = questions[0];
  const label = again ? (isReflective(exam) ? 'Reflect again' : 'Try again') : 'Start';
  return (
    <Stack gap="sm">
      {children}
      {start.isError && (
        <Alert color="red" variant="light" role="alert">
          {questionSetErrorOf(start.error)}
        </Alert>
      )}
      <Group>
        <Button
          leftSection={again ? <IconRefresh size={16} aria-hidden /> : <IconPlayerPlay size={16} aria-hidden />}
          loading={start.isPending}
          disabled={!first}
          onClick={() => {
            // mutateAsync: the new sitting replaces this panel before mutate's own callbacks would run.
            start.mutateAsync().then(
              () => first && navigate(hrefFor(first.question.id)),
              () => {}, // Shown from start.error above.
            );
          }}
        >
          {label}
        </Button>
      </Group>
    </Stack>
  );
}

function ContinuePanel({
  questions,
  answered,
  hrefFor,
}: {
  questions: readonly NumberedQuestion[];
  answered: (q: NumberedQuestion) => boolean;
  hrefFor: (questionId: number) => string;
}) {
  const done = questions.filter(answered).length;
  // Where the student left off: the first question without an answer, else the first.
  const next = questions.find((q) => !answered(q)) ?? questions[0];
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" gap="sm">
        <Text>
          You have answered <b>{done}</b> of {questions.length} {questions.length === 1 ? 'question' : 'questions'}.
        </Text>
        {next && (
          <Button
            component={Link}
            to={hrefFor(next.question.id)}
            rightSection={<IconArrowRight size={16} aria-hidden />}
          >
            Continue
          </Button>
        )}
      </Group>
    </Paper>
  );
}

function Results({ classId, exam, sitting, questions, hrefFor }: StudentViewProps & { sitting: Sitting }) {
  const result = sitting.result;
  const scored = result?.scored ?? false;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="results-heading">
      <Stack gap="md">
        <Title order={2} size="h3" id="results-heading">
          {scored ? 'Your result' : 'Your reflections'}
        </Title>
        {scored && result ? (
          <Stack gap={4}>
            <Text size="xl" fw={700}>
              {formatMarks(result.marks_awarded)} out of {formatMarks(result.marks_total)}
            </Text>
            {result.needs_marking > 0 && (
              <Text size="sm" c="dimmed">
                {result.needs_marking === 1
                  ? '1 answer is waiting for your teacher to mark it.'
                  : `${result.needs_marking} answers are waiting for your teacher to mark them.`}
              </Text>
            )}
            <Text size="sm">Open each question to see your answer and the worked solution.</Text>
          </Stack>
        ) : (
          <Reflections sitting={sitting} questions={questions} hrefFor={hrefFor} />
        )}
        <StartPanel classId={classId} exam={exam} questions={questions} hrefFor={hrefFor} again>
          <Text size="sm" c="dimmed">
            {scored
              ? 'Trying again starts a new attempt with empty answers.'
              : 'Reflecting again starts a new reflection with empty answers.'}
          </Text>
        </StartPanel>
      </Stack>
    </Paper>
  );
}

/** A reflective set's answers: each prompt with the confidence and what to revisit. Nothing is marked. */
function Reflections({
  sitting,
  questions,
  hrefFor,
}: {
  sitting: Sitting;
  questions: readonly NumberedQuestion[];
  hrefFor: (questionId: number) => string;
}) {
  const answers = new Map(sitting.answers.map((a) => [a.question_id, a.answer]));
  return (
    <Stack component="ol" gap="md" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Your reflections">
      {questions.map(({ number, question }) => (
        <li key={question.id}>
          <Text fw={600}>
            <Anchor component={Link} to={hrefFor(question.id)} inherit>
              Question {number}
            </Anchor>
            : {promptExcerpt(question.prompt, 140)}
          </Text>
          <AnswerView question={question} answer={answers.get(question.id) ?? null} />
        </li>
      ))}
    </Stack>
  );
}

function TeacherView({
  questions,
  hrefFor,
}: {
  questions: readonly NumberedQuestion[];
  hrefFor: (questionId: number) => string;
}) {
  return (
    <>
      <Alert color="blue" variant="light">
        Students answer these questions here. Open a question to see it with its solution.
      </Alert>
      <section aria-labelledby="questions-heading">
        <Title order={2} size="h3" id="questions-heading" mb="xs">
          Questions
        </Title>
        <QuestionList items={questions.map((q) => ({ ...q, href: hrefFor(q.question.id) }))} />
      </section>
    </>
  );
}
