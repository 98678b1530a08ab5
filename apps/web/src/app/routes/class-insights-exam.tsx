import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { ExamInsightsPage } from '../../features/insights/routes/exam-insights-page';
import { QuestionInsightsPage } from '../../features/insights/routes/question-insights-page';
import { urlFor } from '../../lib/named-routes';
import { PageBreadcrumbs } from '../components/page-breadcrumbs';
import { useClassContext } from '../layouts/class-context';
import { ErrorPage } from '../pages/error-page';
import { idParam } from '../route-params';

/**
 * /class/{classId}/topic/{topicId}/exam/{examId}/em-insights/: exam insights. Teachers of the class, school admins and
 * staff (students get the 403 page; the server refuses them too).
 */
export function ClassExamInsightsRoute() {
  const { classId, assemblage, role } = useClassContext();
  const params = useParams();
  const topicId = idParam(params.topicId);
  const examId = idParam(params.examId);
  if (role !== 'teacher') return <ErrorPage status={403} />;
  if (topicId === null || examId === null) return <ErrorPage status={404} />;
  const topic = assemblage.sections[String(topicId)];
  return (
    <Stack gap="xs">
      <PageBreadcrumbs
        items={[
          { label: assemblage.course.title, href: urlFor('class-course', { classId }) },
          ...(topic ? [{ label: topic.title, href: urlFor('class-course-topic', { classId, topicId }) }] : []),
        ]}
      />
      <ExamInsightsPage key={`${classId}/${topicId}/${examId}`} classId={classId} topicId={topicId} examId={examId} />
    </Stack>
  );
}

/** /class/{classId}/topic/{topicId}/progress/em/{examId}/question/{questionId}/: one question across the class. */
export function ClassExamQuestionInsightsRoute() {
  const { classId, assemblage, role } = useClassContext();
  const params = useParams();
  const topicId = idParam(params.topicId);
  const examId = idParam(params.examId);
  const questionId = idParam(params.questionId);
  if (role !== 'teacher') return <ErrorPage status={403} />;
  if (topicId === null || examId === null || questionId === null) return <ErrorPage status={404} />;
  const topic = assemblage.sections[String(topicId)];
  const exam = assemblage.exams[String(examId)];
  return (
    <Stack gap="xs">
      <PageBreadcrumbs
        items={[
          { label: assemblage.course.title, href: urlFor('class-course', { classId }) },
          ...(topic ? [{ label: topic.title, href: urlFor('class-course-topic', { classId, topicId }) }] : []),
          {
            label: exam ? `Insights: ${exam.title}` : 'Exam insights',
            href: urlFor('class-exam-insights', { classId, topicId, examId }),
          },
        ]}
      />
      <QuestionInsightsPage
        key={`${classId}/${topicId}/${examId}/${questionId}`}
        classId={classId}
        topicId={topicId}
        examId={examId}
        questionId={questionId}
      />
    </Stack>
  );
}
