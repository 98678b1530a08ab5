import { FailureReason } from '@banksia/contracts/errors';
import { ReviewTopicsPage } from '../../features/review/index';
import { classCrumbs, ClassPageFrame } from '../components/class-page-frame';
import { useClassContext } from '../layouts/class-context';
import { FailurePage } from '../pages/failure-page';

/**
 * /class/{classId}/review/: the topics the class keeps missing in review. Teachers of the class, school admins and
 * staff (students get the 403 page; the server refuses them too).
 */
export function ReviewTopicsRoute() {
  const ctx = useClassContext();
  if (ctx.role !== 'teacher') return <FailurePage reason={FailureReason.UNAUTHORIZED_ERROR} />;
  const { classId, assemblage, me } = ctx;
  const className = me.classes.find((c) => c.id === classId)?.title ?? assemblage.course.title;
  return (
    <ClassPageFrame crumbs={classCrumbs(ctx)}>
      <ReviewTopicsPage key={classId} classId={classId} className={className} />
    </ClassPageFrame>
  );
}
