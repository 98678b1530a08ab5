import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { LessonInsightsPage } from '../../features/insights/routes/lesson-insights-page';
import { urlFor } from '../../lib/named-routes';
import { PageBreadcrumbs } from '../components/page-breadcrumbs';
import { useClassContext } from '../layouts/class-context';
import { ErrorPage } from '../pages/error-page';
import { idParam } from '../route-params';

/**
 * /class/{classId}/topic/{topicId}/dashboards/lesson/{lessonId}/: the lesson engagement dashboard. Teachers of the
 * class, school admins and staff (students get the 403 page; the server refuses them too).
 */
export function ClassLessonDashboardRoute() {
  const { classId, assemblage, role } = useClassContext();
  const params = useParams();
  const topicId = idParam(params.topicId);
  const lessonId = idParam(params.lessonId);
  if (role !== 'teacher') return <ErrorPage status={403} />;
  if (topicId === null || lessonId === null) return <ErrorPage status={404} />;
  const topic = assemblage.sections[String(topicId)];
  return (
    <Stack gap="xs">
      <PageBreadcrumbs
        items={[
          { label: assemblage.course.title, href: urlFor('class-course', { classId }) },
          ...(topic ? [{ label: topic.title, href: urlFor('class-course-topic', { classId, topicId }) }] : []),
        ]}
      />
      <LessonInsightsPage
        key={`${classId}/${topicId}/${lessonId}`}
        classId={classId}
        topicId={topicId}
        lessonId={lessonId}
      />
    </Stack>
  );
}
