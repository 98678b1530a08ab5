import { FailureReason } from '@banksia/contracts/errors';
import { useParams } from 'react-router';
import { MarkingOverviewPage, QuestionMarkingPage } from '../../features/exams/marking/index';
import { urlFor } from '../../lib/named-routes';
import { classCrumbs, ClassPageFrame } from '../components/class-page-frame';
import { useClassContext } from '../layouts/class-context';
import { ErrorPage } from '../pages/error-page';
import { FailurePage } from '../pages/failure-page';
import { idParam } from '../route-params';

/**
 * /class/{classId}/progress/exam/{examId}/mark/: marking an exam in a class. Teachers of the class only (students get
 * the 403 page; the server refuses them too).
 */
export function ClassExamMarkingRoute() {
  const ctx = useClassContext();
  const examId = idParam(useParams().examId);
  if (ctx.role !== 'teacher') return <FailurePage reason={FailureReason.UNAUTHORIZED_ERROR} />;
  if (examId === null) return <ErrorPage status={404} />;
  const { classId, me } = ctx;
  return (
    <ClassPageFrame crumbs={classCrumbs(ctx)}>
      <MarkingOverviewPage key={`${classId}/${examId}`} classId={classId} examId={examId} userId={me.user.id} />
    </ClassPageFrame>
  );
}

/** /class/{classId}/progress/exam/{examId}/mark/question/{questionId}/: one question marked across the class. */
export function ClassExamQuestionMarkingRoute() {
  const ctx = useClassContext();
  const params = useParams();
  const examId = idParam(params.examId);
  const questionId = idParam(params.questionId);
  if (ctx.role !== 'teacher') return <FailurePage reason={FailureReason.UNAUTHORIZED_ERROR} />;
  if (examId === null || questionId === null) return <ErrorPage status={404} />;
  const { classId, me } = ctx;
  const exam = ctx.assemblage.exams[String(examId)];
  const crumbs = [
    ...classCrumbs(ctx),
    { label: exam ? `Marking: ${exam.title}` : 'Marking', href: urlFor('class-exam-mark', { classId, examId }) },
  ];
  return (
    <ClassPageFrame crumbs={crumbs}>
      <QuestionMarkingPage
        key={`${classId}/${examId}/${questionId}`}
        classId={classId}
        examId={examId}
        questionId={questionId}
        userId={me.user.id}
      />
    </ClassPageFrame>
  );
}
