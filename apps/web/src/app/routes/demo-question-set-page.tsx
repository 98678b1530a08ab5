import { FailureReason } from '@banksia/contracts/errors';
import { useParams } from 'react-router';
import { useMe } from '../../features/accounts/index';
import { DemoQuestionPage, DemoQuestionSetPage } from '../../features/exams/question-sets/index';
import { FailurePage } from '../pages/failure-page';
import { idParam } from '../route-params';

/** /demo/question-set/{examId}/: a demo lesson's question set, open to everyone, nothing recorded. */
export function DemoQuestionSetRoute() {
  const { data: me } = useMe();
  const examId = idParam(useParams().examId);
  if (examId === null) return <FailurePage reason={FailureReason.NOT_FOUND_ERROR} />;
  return <DemoQuestionSetPage key={examId} examId={examId} signedIn={!!me} />;
}

/** /demo/question-set/{examId}/question/{questionId}/: one question of a demo set, checked without being stored. */
export function DemoQuestionSetQuestionRoute() {
  const { data: me } = useMe();
  const params = useParams();
  const examId = idParam(params.examId);
  const questionId = idParam(params.questionId);
  if (examId === null || questionId === null) return <FailurePage reason={FailureReason.NOT_FOUND_ERROR} />;
  return (
    <DemoQuestionPage
      key={examId}
      examId={examId}
      questionId={questionId}
      signedIn={!!me}
      notFound={<FailurePage reason={FailureReason.NOT_FOUND_ERROR} />}
    />
  );
}
