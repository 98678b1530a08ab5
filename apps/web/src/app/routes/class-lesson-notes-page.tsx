import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { LessonNotesRoute } from '../../features/notes/index';
import { urlFor } from '../../lib/named-routes';
import { PageBreadcrumbs } from '../components/page-breadcrumbs';
import { useClassContext } from '../layouts/class-context';
import { idParam } from '../route-params';

/** /class/{classId}/lesson/{lessonId}/notes/{profileId}/: the notes, with the way back to their lesson. */
export function ClassLessonNotesRoute() {
  const { classId, assemblage } = useClassContext();
  const lessonId = idParam(useParams().lessonId);
  const lesson = lessonId === null ? undefined : assemblage.lessons[String(lessonId)];
  return (
    <Stack gap="xs">
      <PageBreadcrumbs
        items={[
          { label: assemblage.course.title, href: urlFor('class-course', { classId }) },
          ...(lesson ? [{ label: lesson.title, href: urlFor('class-lesson', { classId, lessonId: lesson.id }) }] : []),
        ]}
      />
      <LessonNotesRoute />
    </Stack>
  );
}
