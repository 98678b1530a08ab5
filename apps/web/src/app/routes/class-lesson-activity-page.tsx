import { FailureReason } from '@banksia/contracts/errors';
import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { ActivityPage } from '../../features/activities/index';
import { lessonAccess } from '../../features/courses/catalogue/index';
import { urlFor } from '../../lib/named-routes';
import { LessonUnavailable } from '../components/lesson-unavailable';
import { PageBreadcrumbs } from '../components/page-breadcrumbs';
import { useClassContext } from '../layouts/class-context';
import { FailurePage } from '../pages/failure-page';
import { idParam } from '../route-params';

/**
 * /class/{classId}/lesson/{lessonId}/activity/{activityId}/: an activity of a lesson, in a class. Only activities the
 * class's course places in that lesson open here.
 */
export function ClassLessonActivityRoute() {
  const { classId, assemblage, role, me } = useClassContext();
  const params = useParams();
  const lessonId = idParam(params.lessonId);
  const activityId = idParam(params.activityId);
  const lesson = lessonId === null ? undefined : assemblage.lessons[String(lessonId)];
  if (!lesson || activityId === null || !lesson.activities.some((a) => a.id === activityId)) {
    return <FailurePage reason={FailureReason.NOT_FOUND_ERROR} />;
  }
  // An activity opens only where its lesson does (published, not coming soon, within the class's plan).
  const access = lessonAccess(lesson, assemblage.course, assemblage.class.features);
  if (access !== 'open') {
    return (
      <LessonUnavailable
        lesson={lesson}
        access={access}
        back={{ href: urlFor('class-lessons', { classId }), label: 'Back to the lessons' }}
      />
    );
  }
  return (
    <Stack gap="xs">
      <PageBreadcrumbs
        items={[
          { label: assemblage.course.title, href: urlFor('class-course', { classId }) },
          { label: lesson.title, href: urlFor('class-lesson', { classId, lessonId: lesson.id }) },
        ]}
      />
      <ActivityPage
        key={`${classId}/${activityId}`}
        activityId={activityId}
        classId={classId}
        role={role}
        userId={me.user.id}
      />
    </Stack>
  );
}
