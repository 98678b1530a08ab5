import type { demoLessonResponse, DemoLesson } from '@banksia/contracts/courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { getJson, type Answer } from '../../../../lib/request';

/** A demo lesson with its course and files, open to everyone (api:demo-lesson). */
export async function getDemoLesson(lessonId: number, signal?: AbortSignal): Promise<DemoLesson> {
  return unwrap(
    await getJson<Answer<typeof demoLessonResponse>>(urlFor('api:demo-lesson', { lessonId }), {
      signal,
    }),
  );
}

export function demoLessonQueryOptions(lessonId: number) {
  return queryOptions({
    queryKey: ['lessons', 'demo', lessonId],
    queryFn: ({ signal }) => getDemoLesson(lessonId, signal),
    staleTime: 5 * 60_000,
  });
}

export function useDemoLesson(lessonId: number) {
  return useQuery(demoLessonQueryOptions(lessonId));
}
