import type { ClassAssemblage, ExamSummary } from '@banksia/contracts/courses';
import { FailureReason } from '@banksia/contracts/errors';
import { showsLessonQuestions, usesTabbedQuestionSets } from '@banksia/contracts/rules/features';
import { isExamListed } from '@banksia/contracts/rules/listing';
import { Button } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { findNode } from '../../features/courses/catalogue/index';
import { QuestionPage, QuestionSetPage } from '../../features/exams/question-sets/index';
import { urlFor } from '../../lib/named-routes';
import { PageBreadcrumbs, type Crumb } from '../components/page-breadcrumbs';
import { useClassContext, type ClassContext } from '../layouts/class-context';
import { FailurePage } from '../pages/failure-page';
import { StatusPage } from '../pages/status-page';
import { idParam } from '../route-params';

/**
 * The question set of the route, if the class's course lists it: a lesson question set or a reflective set (exams
 * have their own pages at /exams/{examId}/).
 */
function useRouteQuestionSet(context: ClassContext): ExamSummary | null {
  const examId = idParam(useParams().examId);
  const exam = examId === null ? undefined : context.assemblage.exams[String(examId)];
  return exam && exam.kind !== 'exam' && isExamListed(exam, context.listing) ? exam : null;
}

/** The lesson a question set belongs to, when it is a lesson's question set. */
function lessonOf(assemblage: ClassAssemblage, examId: number) {
  return Object.values(assemblage.lessons).find((lesson) => lesson.question_set?.id === examId) ?? null;
}

/** Course, then the set's lesson or topic: where the set is listed. */
function crumbsOf(context: ClassContext, examId: number): Crumb[] {
  const { assemblage, classId } = context;
  const crumbs: Crumb[] = [{ label: assemblage.course.title, href: urlFor('class-course', { classId }) }];
  const lesson = lessonOf(assemblage, examId);
  if (lesson)
    return [...crumbs, { label: lesson.title, href: urlFor('class-lesson', { classId, lessonId: lesson.id }) }];
  const found = findNode(assemblage.tree, 'EXAM', examId);
  const topic = found?.ancestors
    .map((node) => (node.node_type === 'SECTION' ? assemblage.sections[String(node.value_id)] : undefined))
    .find((section) => section?.depth === 1);
  return topic
    ? [...crumbs, { label: topic.title, href: urlFor('class-course-topic', { classId, topicId: topic.id }) }]
    : crumbs;
}

/**
 * A lesson's question set opens only where the class's plan shows lesson questions (LESSON_QUESTIONS), as the lesson
 * page links it; a set placed in the course itself (a reflection) always opens.
 */
function isOutsidePlan(context: ClassContext, examId: number): boolean {
  const { assemblage } = context;
  if (showsLessonQuestions(assemblage.course, assemblage.class.features)) return false;
  return lessonOf(assemblage, examId) !== null && findNode(assemblage.tree, 'EXAM', examId) === null;
}

function OutsidePlan({ classId }: { classId: number }) {
  return (
    <StatusPage
      icon={<IconLock size={40} />}
      title="Lesson questions aren't in your class's plan"
      actions={
        <Button component={Link} to={urlFor('class-course', { classId })}>
          Back to the course
        </Button>
      }
    >
      This question set comes with lesson questions, which your class&apos;s plan does not include.
    </StatusPage>
  );
}

/** /class/{classId}/question-set/{examId}/: the set's overview, start or continue, and the results. */
export function ClassQuestionSetRoute() {
  const context = useClassContext();
  const exam = useRouteQuestionSet(context);
  if (!exam) return <FailurePage reason={FailureReason.NOT_FOUND_ERROR} />;
  if (isOutsidePlan(context, exam.id)) return <OutsidePlan classId={context.classId} />;
  return (
    <QuestionSetPage
      key={`${context.classId}/${exam.id}`}
      classId={context.classId}
      examId={exam.id}
      role={context.role}
      userId={context.me.user.id}
      breadcrumbs={<PageBreadcrumbs items={crumbsOf(context, exam.id)} />}
    />
  );
}

/** /class/{classId}/question-set/{examId}/question/{questionId}/: one question, tabbed or stepped by the course flag. */
export function ClassQuestionSetQuestionRoute() {
  const context = useClassContext();
  const exam = useRouteQuestionSet(context);
  const questionId = idParam(useParams().questionId);
  if (!exam || questionId === null) return <FailurePage reason={FailureReason.NOT_FOUND_ERROR} />;
  if (isOutsidePlan(context, exam.id)) return <OutsidePlan classId={context.classId} />;
  const { assemblage, classId } = context;
  return (
    <QuestionPage
      // Not keyed by question: the page stays mounted between questions, so one autosave serves the whole set.
      key={`${classId}/${exam.id}`}
      classId={classId}
      examId={exam.id}
      questionId={questionId}
      role={context.role}
      userId={context.me.user.id}
      tabbed={usesTabbedQuestionSets(assemblage.course, assemblage.class.features)}
      breadcrumbs={<PageBreadcrumbs items={crumbsOf(context, exam.id)} />}
      notFound={<FailurePage reason={FailureReason.NOT_FOUND_ERROR} />}
    />
  );
}
