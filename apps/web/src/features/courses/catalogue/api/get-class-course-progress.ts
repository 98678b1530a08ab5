import type { classCourseProgressResponse, ClassCourseProgress } from '@banksia/contracts/courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { CLASS_DOMAIN_RETRY, getJson, type Answer } from '../../../../lib/request';

/** The class's progress through its course, lesson by lesson (api:class-course-progress; teachers and staff). */
export async function getClassCourseProgress(classId: number, signal?: AbortSignal): Promise<ClassCourseProgress> {
  return unwrap(
    await getJson<Answer<typeof classCourseProgressResponse>>(urlFor('api:class-course-progress', { classId }), {
      signal,
      retry: CLASS_DOMAIN_RETRY,
    }),
  );
}

export function classCourseProgressQueryOptions(classId: number) {
  return queryOptions({
    queryKey: ['courses', 'class-progress', classId],
    queryFn: ({ signal }) => getClassCourseProgress(classId, signal),
  });
}

export function useClassCourseProgress(classId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...classCourseProgressQueryOptions(classId), enabled });
}
