import type { ExamQuestionView, ExamView, Sitting, SittingAnswer } from '@banksia/contracts/exam-api';
import { FailureReason } from '@banksia/contracts/errors';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { RequestFailure } from '../../../../components/request-failure';
import { isBlankHtml } from '../../../../components/sanitize-html';
import type { ExamClass } from '../../api/get-exam-classes';
import {
  ExamPageHeader,
  examPageUrl,
  idFrom,
  orderedSections,
  questionNumbers,
  useExamContext,
} from '../../sittings/index';
import {
  AnswerView,
  MarkBadge,
  QuestionContext,
  questionHeadingId,
  QuestionPrompt,
  RichHtml,
  SolutionView,
} from '../../questions/index';

/**
 * /exams/{examId}/{sectionId}/solution/: after submitting, the student's answers to one section with their marks,
 * the teacher's feedback (once results are released) and the worked solutions. A teacher sees the solutions.
 */
export function ExamSectionSolutionRoute() {
  const { exam, examClass, sitting, userId } = useExamContext();
  const params = useParams();
  const sectionId = idFrom(params.sectionId);
  const sections = useMemo(() => orderedSections(exam), [exam]);
  const numbers = useMemo(() => questionNumbers(exam), [exam]);
  const index = sections.findIndex((s) => s.id === sectionId);
  const section = sections[index];
  if (!section) throw new RequestFailure(FailureReason.NOT_FOUND_ERROR, 404, null);
  const classId = examClass?.class_id ?? null;
  const overview = examPageUrl('exam', { examId: exam.id }, classId);
  if (examClass === null) return <Navigate to={overview} replace />;

  const student = !examClass.teaches;
  const submitted = sitting?.status === 'submitted' ? sitting : null;
  const reflective = exam.kind === 'reflective_question_set';
  const previous = sections[index - 1];
  const next = sections[index + 1];
  const header = (
    <ExamPageHeader
      title={section.title}
      description={student ? (reflective ? 'Your answers' : 'Your answers and the solutions') : 'The solutions'}
      documentTitle={`${section.title} solutions · ${exam.title}`}
      examClass={examClass}
      crumbs={[{ label: exam.title, href: overview }]}
    />
  );

  if (student && !submitted) {
    return (
      <Stack gap="lg" maw={900}>
        {header}
        <Text>
          Solutions show here once you have submitted.{' '}
          <Anchor component={Link} to={overview}>
            Back to the exam
          </Anchor>
          .
        </Text>
      </Stack>
    );
  }

  const answers = new Map((submitted?.answers ?? []).map((a) => [a.question_id, a]));
  return (
    <QuestionContext.Provider value={{ classId: examClass.class_id, userId }}>
      <Stack gap="lg" maw={900}>
        {header}
        {submitted && !submitted.result?.released && !reflective && (
          <Text size="sm" c="dimmed">
            Your teacher hasn’t released the results yet: answers they mark show as waiting for your teacher, and their
            feedback shows once they release the results.
          </Text>
        )}
        {section.questions.map((question) => (
          <ReviewedQuestion
            key={question.id}
            question={question}
            number={numbers.get(question.id) ?? 0}
            answer={submitted ? (answers.get(question.id) ?? null) : undefined}
            sitting={submitted}
            reflective={reflective}
          />
        ))}
        <SectionPager exam={exam} examClass={examClass} previous={previous} next={next} />
      </Stack>
    </QuestionContext.Provider>
  );
}

/**
 * One question as reviewed: the prompt, the student's answer with its mark and any feedback, and the solution.
 * `answer` undefined: no answer to show (a teacher reading the solutions).
 */
export function ReviewedQuestion({
  question,
  number,
  answer,
  sitting,
  reflective,
}: {
  question: ExamQuestionView;
  number: number;
  answer: SittingAnswer | null | undefined;
  sitting: Sitting | null;
  reflective: boolean;
}) {
  const released = sitting?.result?.released ?? false;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={questionHeadingId(question.id)}>
      <Stack gap="md">
        <QuestionPrompt question={question} number={number} order={2} hideMarks={reflective} />
        {answer !== undefined && (
          <div>
            <Group justify="space-between" gap="sm" mb={6}>
              <Title order={3} size="h6">
                Your answer
              </Title>
              {!reflective && (
                <MarkBadge
                  status={answer?.mark_status ?? 'unanswered'}
                  marksAwarded={answer?.marks_awarded ?? (answer ? null : 0)}
                  marks={question.marks}
                />
              )}
            </Group>
            <AnswerView question={question} answer={answer?.answer ?? null} />
          </div>
        )}
        {released && answer && !isBlankHtml(answer.feedback) && (
          <Paper bg="blue.0" p="sm" radius="sm">
            <Title order={3} size="h6">
              Feedback from your teacher
            </Title>
            <RichHtml html={answer.feedback} />
          </Paper>
        )}
        <SolutionView question={question} order={3} reflective={reflective} />
      </Stack>
    </Paper>
  );
}

function SectionPager({
  exam,
  examClass,
  previous,
  next,
}: {
  exam: ExamView;
  examClass: ExamClass;
  previous: { id: number; title: string } | undefined;
  next: { id: number; title: string } | undefined;
}) {
  const classId = examClass.class_id;
  const back = (
    <Button component={Link} variant="default" to={examPageUrl('exam', { examId: exam.id }, classId)}>
      Back to the exam
    </Button>
  );
  if (!previous && !next) return <Group>{back}</Group>;
  return (
    <Group justify="space-between">
      {previous ? (
        <Button
          component={Link}
          variant="default"
          to={examPageUrl('exam-section-solution', { examId: exam.id, sectionId: previous.id }, classId)}
          leftSection={<IconArrowLeft size={18} aria-hidden />}
        >
          {previous.title}
        </Button>
      ) : (
        <Button component={Link} variant="default" to={examPageUrl('exam', { examId: exam.id }, classId)}>
          Back to the exam
        </Button>
      )}
      {next ? (
        <Button
          component={Link}
          to={examPageUrl('exam-section-solution', { examId: exam.id, sectionId: next.id }, classId)}
          rightSection={<IconArrowRight size={18} aria-hidden />}
        >
          {next.title}
        </Button>
      ) : (
        <Button component={Link} variant="default" to={examPageUrl('exam', { examId: exam.id }, classId)}>
          Back to the exam
        </Button>
      )}
    </Group>
  );
}
