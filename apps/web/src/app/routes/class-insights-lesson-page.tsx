import { FailureReason } from '@banksia/contracts/errors';
import { useParams } from 'react-router';
import { LessonInsightsPage } from '../../features/insights/index';
import { classCrumbs, ClassPageFrame } from '../components/class-page-frame';
import { useClassContext } from '../layouts/class-context';
import { ErrorPage } from '../pages/error-page';
import { FailurePage } from '../pages/failure-page';
import { idParam } from '../route-params';

/**
 * /class/{classId}/topic/{topicId}/dashboards/lesson/{lessonId}/: the lesson engagement dashboard. Teachers of the
 * class, school admins and staff (students get the 403 page; the server refuses them too).
 */
export function ClassLessonDashboardRoute() {
  const ctx = useClassContext();
  const params = useParams();
  const topicId = idParam(params.topicId);
  const lessonId = idParam(params.lessonId);
  if (ctx.role !== 'teacher') return <FailurePage reason={FailureReason.UNAUTHORIZED_ERROR} />;
  if (topicId === null || lessonId === null) return <ErrorPage status={404} />;
  const { classId } = ctx;
  return (
    <ClassPageFrame crumbs={classCrumbs(ctx, topicId)}>
      <LessonInsightsPage
        key={`${classId}/${topicId}/${lessonId}`}
        classId={classId}
        topicId={topicId}
        lessonId={lessonId}
      />
    </ClassPageFrame>
  );
}
