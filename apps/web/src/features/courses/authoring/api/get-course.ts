import type { adminCourseDetailResponse, AdminCourseDetail } from '@banksia/contracts/authoring-courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { getJson, type Answer } from '../../../../lib/request';

/** A course for its editor: details, tree and attachments (GET api:admin-course). */
export async function getAdminCourse(courseId: number, signal?: AbortSignal): Promise<AdminCourseDetail> {
  return unwrap(
    await getJson<Answer<typeof adminCourseDetailResponse>>(urlFor('api:admin-course', { courseId }), {
      signal,
    }),
  );
}

export function adminCourseQueryOptions(courseId: number) {
  return queryOptions({
    queryKey: ['authoring', 'course', courseId],
    queryFn: ({ signal }) => getAdminCourse(courseId, signal),
  });
}

/** The course's editor data; a courseId of 0 loads nothing (no course named). */
export function useAdminCourse(courseId: number) {
  return useQuery({ ...adminCourseQueryOptions(courseId), enabled: courseId > 0 });
}
