import { useParams, useSearchParams } from 'react-router';
import { useMe } from '../../features/accounts/index';
import { TranscribePage } from '../../features/exams/transcription/index';
import { ErrorPage } from '../pages/error-page';
import { idParam } from '../route-params';

/**
 * /exams/{examId}/transcribe/{sectionId}/?class={classId}&student={profileId}: a teacher enters a student's paper
 * answers. The page checks that the signed-in user teaches the class (from the exam's classes) before showing it.
 */
export function ExamTranscribeRoute() {
  const { data: me } = useMe();
  const params = useParams();
  const [search] = useSearchParams();
  const examId = idParam(params.examId);
  const sectionId = idParam(params.sectionId);
  if (!me) return null;
  if (examId === null || sectionId === null) return <ErrorPage status={404} />;
  return (
    <TranscribePage
      examId={examId}
      sectionId={sectionId}
      classId={idParam(search.get('class') ?? undefined)}
      profileId={idParam(search.get('student') ?? undefined)}
      userId={me.user.id}
    />
  );
}
