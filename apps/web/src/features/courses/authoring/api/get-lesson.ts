import type { adminLessonResponse, AdminLesson } from '@banksia/contracts/authoring-courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { getJson, type Answer } from '../../../../lib/request';

/** A lesson for its editor, with the videos and question sets it may use (GET api:admin-lesson). */
export async function getAdminLesson(lessonId: number, signal?: AbortSignal): Promise<AdminLesson> {
  return unwrap(
    await getJson<Answer<typeof adminLessonResponse>>(urlFor('api:admin-lesson', { lessonId }), { signal }),
  );
}

export function adminLessonQueryOptions(lessonId: number) {
  return queryOptions({
    queryKey: ['authoring', 'lesson', lessonId],
    queryFn: ({ signal }) => getAdminLesson(lessonId, signal),
  });
}

export function useAdminLesson(lessonId: number) {
  return useQuery(adminLessonQueryOptions(lessonId));
}
