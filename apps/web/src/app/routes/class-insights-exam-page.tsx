import { FailureReason } from '@banksia/contracts/errors';
import { useParams } from 'react-router';
import { ExamInsightsPage, QuestionInsightsPage } from '../../features/insights/index';
import { urlFor } from '../../lib/named-routes';
import { classCrumbs, ClassPageFrame } from '../components/class-page-frame';
import { useClassContext } from '../layouts/class-context';
import { ErrorPage } from '../pages/error-page';
import { FailurePage } from '../pages/failure-page';
import { idParam } from '../route-params';

/**
 * /class/{classId}/topic/{topicId}/exam/{examId}/em-insights/: exam insights. Teachers of the class, school admins and
 * staff (students get the 403 page; the server refuses them too).
 */
export function ClassExamInsightsRoute() {
  const ctx = useClassContext();
  const params = useParams();
  const topicId = idParam(params.topicId);
  const examId = idParam(params.examId);
  if (ctx.role !== 'teacher') return <FailurePage reason={FailureReason.UNAUTHORIZED_ERROR} />;
  if (topicId === null || examId === null) return <ErrorPage status={404} />;
  const { classId } = ctx;
  return (
    <ClassPageFrame crumbs={classCrumbs(ctx, topicId)}>
      <ExamInsightsPage key={`${classId}/${topicId}/${examId}`} classId={classId} topicId={topicId} examId={examId} />
    </ClassPageFrame>
  );
}

/** /class/{classId}/topic/{topicId}/progress/em/{examId}/question/{questionId}/: one question across the class. */
export function ClassExamQuestionInsightsRoute() {
  const ctx = useClassContext();
  const params = useParams();
  const topicId = idParam(params.topicId);
  const examId = idParam(params.examId);
  const questionId = idParam(params.questionId);
  if (ctx.role !== 'teacher') return <FailurePage reason={FailureReason.UNAUTHORIZED_ERROR} />;
  if (topicId === null || examId === null || questionId === null) return <ErrorPage status={404} />;
  const { classId } = ctx;
  const exam = ctx.assemblage.exams[String(examId)];
  const crumbs = [
    ...classCrumbs(ctx, topicId),
    {
      label: exam ? `Insights: ${exam.title}` : 'Exam insights',
      href: urlFor('class-exam-insights', { classId, topicId, examId }),
    },
  ];
  return (
    <ClassPageFrame crumbs={crumbs}>
      <QuestionInsightsPage
        key={`${classId}/${topicId}/${examId}/${questionId}`}
        classId={classId}
        topicId={topicId}
        examId={examId}
        questionId={questionId}
      />
    </ClassPageFrame>
  );
}
