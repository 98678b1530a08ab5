import type { ExamView } from '@banksia/contracts/exam-api';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowRight, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadingState } from '../../../../components/loading-state';
import { urlFor } from '../../../../lib/named-routes';
import { isAnswered, MarkBadge } from '../../questions/index';
import { useDemoQuestionSet } from '../api/get-demo-question-set';
import { AnsweredBadge } from '../components/answered-badge';
import { DemoBanner } from '../components/demo-banner';
import { QuestionList } from '../components/question-list';
import { useDemoProgress, type DemoProgress } from '../hooks/use-demo-progress';
import { numberedQuestions, type NumberedQuestion } from '../utils/questions';

export interface DemoQuestionSetPageProps {
  examId: number;
  signedIn: boolean;
}

/**
 * /demo/question-set/{examId}/: a demo lesson's question set, open to everyone. Nothing is recorded on the server:
 * answers stay in this tab, and each question's answer can be checked (marked by the server and shown with the
 * worked solution) without being stored.
 */
export function DemoQuestionSetPage({ examId, signedIn }: DemoQuestionSetPageProps) {
  const exam = useDemoQuestionSet(examId);
  useDocumentTitle(exam.data ? `${exam.data.title} · Demo · Banksia` : 'Demo question set · Banksia');
  if (exam.isError) throw exam.error;
  if (!exam.data) return <LoadingState label="Loading the demo question set" />;
  if (numberedQuestions(exam.data).length === 0) {
    return (
      <Stack gap="lg" maw={880}>
        <Title order={1}>{exam.data.title}</Title>
        <Text>This question set has no questions yet.</Text>
      </Stack>
    );
  }
  return <DemoSet exam={exam.data} signedIn={signedIn} />;
}

function DemoSet({ exam, signedIn }: { exam: ExamView; signedIn: boolean }) {
  const { progress, reset } = useDemoProgress(exam.id);
  const questions = numberedQuestions(exam);
  const reflective = exam.kind === 'reflective_question_set';
  const hrefFor = (questionId: number) => urlFor('demo-question-set-question', { examId: exam.id, questionId });
  const answered = (q: NumberedQuestion) =>
    isAnswered(q.question, progress.answers[String(q.question.id)] ?? null, reflective);
  const started = questions.some(answered);
  // Where the visitor left off: the first question not checked (or, in a reflection, not answered).
  const next =
    questions.find((q) => (reflective ? !answered(q) : !progress.checks[String(q.question.id)])) ?? questions[0];

  return (
    <Stack gap="lg" maw={880}>
      <DemoBanner signedIn={signedIn} />
      <Stack gap={6}>
        <Group gap="xs">
          <Badge size="sm" variant="light">
            Free demo
          </Badge>
        </Group>
        <Title order={1}>{exam.title}</Title>
        <Text c="dimmed">
          {questions.length} {questions.length === 1 ? 'question' : 'questions'}
          {reflective ? ' · not marked' : ` · ${exam.marks_total} ${exam.marks_total === '1' ? 'mark' : 'marks'}`}
        </Text>
      </Stack>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Summary
            questions={questions}
            progress={progress}
            reflective={reflective}
            started={started}
            answered={answered}
          />
          <Group gap="sm">
            {next && (
              <Button
                component={Link}
                to={hrefFor(next.question.id)}
                rightSection={<IconArrowRight size={16} aria-hidden />}
              >
                {started ? 'Continue' : 'Start'}
              </Button>
            )}
            {started && (
              <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={reset}>
                Start again
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
      <section aria-labelledby="questions-heading">
        <Title order={2} size="h3" id="questions-heading" mb="xs">
          Questions
        </Title>
        <QuestionList
          items={questions.map((q) => ({ ...q, href: hrefFor(q.question.id), state: stateOf(q, progress, answered) }))}
        />
      </section>
    </Stack>
  );
}

function stateOf(q: NumberedQuestion, progress: DemoProgress, answered: (q: NumberedQuestion) => boolean): ReactNode {
  const check = progress.checks[String(q.question.id)];
  if (check && check.mark_status !== 'needs_marking') {
    return <MarkBadge status={check.mark_status} marksAwarded={check.marks_awarded} marks={q.question.marks} />;
  }
  return <AnsweredBadge answered={answered(q)} />;
}

function Summary({
  questions,
  progress,
  reflective,
  started,
  answered,
}: {
  questions: readonly NumberedQuestion[];
  progress: DemoProgress;
  reflective: boolean;
  started: boolean;
  answered: (q: NumberedQuestion) => boolean;
}) {
  if (!started) {
    return (
      <Text>
        {reflective
          ? 'Think about how confident you feel with each idea and what you want to go over again.'
          : 'Answer each question, then check your answer to see whether it is right and how to work it out.'}
      </Text>
    );
  }
  if (reflective) {
    const done = questions.filter(answered).length;
    return (
      <Text>
        You have answered <b>{done}</b> of {questions.length} {questions.length === 1 ? 'question' : 'questions'}.
      </Text>
    );
  }
  const checks = questions.map((q) => progress.checks[String(q.question.id)]).filter((c) => c !== undefined);
  const correct = checks.filter((c) => c.mark_status === 'correct').length;
  return (
    <Text>
      You have checked <b>{checks.length}</b> of {questions.length} {questions.length === 1 ? 'answer' : 'answers'}
      {checks.length > 0 && (
        <>
          : <b>{correct}</b> correct
        </>
      )}
      .
    </Text>
  );
}
