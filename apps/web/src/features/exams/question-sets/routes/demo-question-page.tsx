import type { DemoCheck, ExamView } from '@banksia/contracts/exam-api';
import type { ExamAnswer } from '@banksia/contracts/exams';
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconChecks, IconFlag } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formErrorOf } from '../../../../components/field-errors';
import { LoadingState } from '../../../../components/loading-state';
import { urlFor } from '../../../../lib/named-routes';
import { isAnswered, MarkBadge, QuestionInput, QuestionPrompt, SolutionView } from '../../questions/index';
import { useCheckDemoAnswer } from '../api/check-demo-answer';
import { useDemoQuestionSet } from '../api/get-demo-question-set';
import { DemoBanner } from '../components/demo-banner';
import { QuestionNavigation } from '../components/question-navigation';
import { QuestionPager } from '../components/question-pager';
import { useDemoProgress } from '../hooks/use-demo-progress';
import { numberedQuestions, type NumberedQuestion } from '../utils/questions';

export interface DemoQuestionPageProps {
  examId: number;
  questionId: number;
  signedIn: boolean;
  /** Shown when the set has no such question. */
  notFound: ReactNode;
}

/**
 * /demo/question-set/{examId}/question/{questionId}/: one question of a demo question set. The answer stays in this
 * tab; "Check answer" has the server mark it (storing nothing) and shows the mark with the worked solution.
 */
export function DemoQuestionPage({ examId, questionId, signedIn, notFound }: DemoQuestionPageProps) {
  const exam = useDemoQuestionSet(examId);
  if (exam.isError) throw exam.error;
  if (!exam.data) return <LoadingState label="Loading the question" />;
  const questions = numberedQuestions(exam.data);
  const current = questions.find((q) => q.question.id === questionId);
  if (!current) return <>{notFound}</>;
  return <DemoQuestions exam={exam.data} questions={questions} current={current} signedIn={signedIn} />;
}

function DemoQuestions({
  exam,
  questions,
  current,
  signedIn,
}: {
  exam: ExamView;
  questions: readonly NumberedQuestion[];
  current: NumberedQuestion;
  signedIn: boolean;
}) {
  const { progress, setAnswer, setCheck } = useDemoProgress(exam.id);
  const reflective = exam.kind === 'reflective_question_set';
  useDocumentTitle(`Question ${current.number} · ${exam.title} · Demo · Banksia`);
  const setHref = urlFor('demo-question-set', { examId: exam.id });
  const hrefFor = (questionId: number) => urlFor('demo-question-set-question', { examId: exam.id, questionId });
  const position = questions.indexOf(current);
  const previous = questions[position - 1];
  const next = questions[position + 1];
  const answerOf = (q: NumberedQuestion) => progress.answers[String(q.question.id)] ?? null;

  return (
    <Stack gap="md" maw={960}>
      <DemoBanner signedIn={signedIn} />
      <Stack gap={6}>
        <Group gap="xs">
          <Badge size="sm" variant="light">
            Free demo
          </Badge>
        </Group>
        <Title order={1} size="h2">
          {exam.title}
        </Title>
        <Anchor component={Link} to={setHref} size="sm">
          All questions
        </Anchor>
      </Stack>
      <QuestionNavigation
        tabbed={false}
        currentId={current.question.id}
        hrefFor={hrefFor}
        items={questions.map((q) => ({
          id: q.question.id,
          number: q.number,
          answered: isAnswered(q.question, answerOf(q), reflective),
        }))}
      >
        <Stack gap="lg">
          <QuestionPrompt question={current.question} number={current.number} hideMarks={reflective} />
          <DemoAnswer
            // Inputs keep state of their own (a maths field, a reflection's note): one per question.
            key={current.question.id}
            examId={exam.id}
            current={current}
            reflective={reflective}
            answer={answerOf(current)}
            check={progress.checks[String(current.question.id)] ?? null}
            onChange={(answer) => setAnswer(current.question.id, answer)}
            onChecked={(answer, check) => setCheck(current.question.id, answer, check)}
          />
          <QuestionPager
            previousHref={previous ? hrefFor(previous.question.id) : null}
            nextHref={next ? hrefFor(next.question.id) : null}
            last={
              <Button component={Link} to={setHref} rightSection={<IconFlag size={16} aria-hidden />}>
                Finish
              </Button>
            }
          />
        </Stack>
      </QuestionNavigation>
    </Stack>
  );
}

function DemoAnswer({
  examId,
  current,
  reflective,
  answer,
  check,
  onChange,
  onChecked,
}: {
  examId: number;
  current: NumberedQuestion;
  reflective: boolean;
  answer: ExamAnswer | null;
  check: DemoCheck | null;
  onChange: (answer: ExamAnswer) => void;
  onChecked: (answer: ExamAnswer, check: DemoCheck) => void;
}) {
  const { question } = current;
  const checking = useCheckDemoAnswer(examId);
  const answered = isAnswered(question, answer, reflective);

  return (
    <Stack gap="md">
      <QuestionInput question={question} answer={answer} onChange={onChange} reflective={reflective} />
      {reflective ? (
        <Text size="sm" c="dimmed">
          Reflections are not marked, so there is nothing to check.
        </Text>
      ) : (
        <Stack gap="sm">
          <Group gap="sm">
            <Button
              variant={check ? 'default' : 'filled'}
              leftSection={<IconChecks size={16} aria-hidden />}
              disabled={!answered}
              loading={checking.isPending}
              onClick={() => {
                if (!answer) return;
                checking.mutate(
                  { question_id: question.id, answer },
                  { onSuccess: (result) => onChecked(answer, result) },
                );
              }}
            >
              Check answer
            </Button>
            {!answered && (
              <Text size="sm" c="dimmed">
                Answer the question to check it.
              </Text>
            )}
          </Group>
          {checking.isError && (
            <Alert color="red" variant="light" role="alert">
              Your answer couldn&apos;t be checked. {formErrorOf(checking.error)}
            </Alert>
          )}
          {/* Announced when it appears, so a screen reader hears the mark after pressing Check answer. */}
          <div aria-live="polite">{check && <CheckResult question={current} check={check} />}</div>
        </Stack>
      )}
    </Stack>
  );
}

function CheckResult({ question, check }: { question: NumberedQuestion; check: DemoCheck }) {
  const byTeacher = check.mark_status === 'needs_marking';
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="check-heading">
      <Stack gap="sm">
        <Group gap="sm">
          <Title order={3} size="h5" id="check-heading">
            Your answer
          </Title>
          {!byTeacher && (
            <MarkBadge status={check.mark_status} marksAwarded={check.marks_awarded} marks={question.question.marks} />
          )}
        </Group>
        {byTeacher && (
          <Text size="sm">
            In a class, your teacher marks answers like this one. Compare yours with the worked solution below.
          </Text>
        )}
        <Title order={3} size="h5">
          Solution
        </Title>
        <SolutionView question={{ ...question.question, solution: check.solution }} />
      </Stack>
    </Paper>
  );
}
