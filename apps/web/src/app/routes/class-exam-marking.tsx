import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { MarkingOverviewPage } from '../../features/exams/marking/routes/marking-overview-page';
import { QuestionMarkingPage } from '../../features/exams/marking/routes/question-marking-page';
import { urlFor } from '../../lib/named-routes';
import { PageBreadcrumbs } from '../components/page-breadcrumbs';
import { useClassContext } from '../layouts/class-context';
import { ErrorPage } from '../pages/error-page';
import { idParam } from '../route-params';

/**
 * /class/{classId}/progress/exam/{examId}/mark/: marking an exam in a class. Teachers of the class only (students get
 * the 403 page; the server refuses them too).
 */
export function ClassExamMarkingRoute() {
  const { classId, assemblage, role, me } = useClassContext();
  const examId = idParam(useParams().examId);
  if (role !== 'teacher') return <ErrorPage status={403} />;
  if (examId === null) return <ErrorPage status={404} />;
  return (
    <Stack gap="xs">
      <PageBreadcrumbs items={[{ label: assemblage.course.title, href: urlFor('class-course', { classId }) }]} />
      <MarkingOverviewPage key={`${classId}/${examId}`} classId={classId} examId={examId} userId={me.user.id} />
    </Stack>
  );
}

/** /class/{classId}/progress/exam/{examId}/mark/question/{questionId}/: one question marked across the class. */
export function ClassExamQuestionMarkingRoute() {
  const { classId, assemblage, role, me } = useClassContext();
  const params = useParams();
  const examId = idParam(params.examId);
  const questionId = idParam(params.questionId);
  if (role !== 'teacher') return <ErrorPage status={403} />;
  if (examId === null || questionId === null) return <ErrorPage status={404} />;
  const exam = assemblage.exams[String(examId)];
  return (
    <Stack gap="xs">
      <PageBreadcrumbs
        items={[
          { label: assemblage.course.title, href: urlFor('class-course', { classId }) },
          { label: exam ? `Marking: ${exam.title}` : 'Marking', href: urlFor('class-exam-mark', { classId, examId }) },
        ]}
      />
      <QuestionMarkingPage
        key={`${classId}/${examId}/${questionId}`}
        classId={classId}
        examId={examId}
        questionId={questionId}
        userId={me.user.id}
      />
    </Stack>
  );
}
