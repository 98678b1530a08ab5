import { Stack } from '@mantine/core';
import { ReviewTopicsPage } from '../../features/exams/review/routes/review-topics-page';
import { urlFor } from '../../lib/named-routes';
import { PageBreadcrumbs } from '../components/page-breadcrumbs';
import { useClassContext } from '../layouts/class-context';
import { ErrorPage } from '../pages/error-page';

/**
 * /class/{classId}/review/: the topics the class keeps missing in review. Teachers of the class, school admins and
 * staff (students get the 403 page; the server refuses them too).
 */
export function ReviewTopicsRoute() {
  const { classId, assemblage, role, me } = useClassContext();
  if (role !== 'teacher') return <ErrorPage status={403} />;
  const className = me.classes.find((c) => c.id === classId)?.title ?? assemblage.course.title;
  return (
    <Stack gap="xs">
      <PageBreadcrumbs items={[{ label: assemblage.course.title, href: urlFor('class-course', { classId }) }]} />
      <ReviewTopicsPage key={classId} classId={classId} className={className} />
    </Stack>
  );
}
