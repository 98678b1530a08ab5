import type { courseCaptionsResponse } from '@banksia/contracts/videos';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';

export function courseCaptionsQueryOptions(courseId: number) {
  return queryOptions({
    queryKey: ['videos', 'course-captions', courseId],
    queryFn: async ({ signal }) =>
      unwrap(
        await getJson<Answer<typeof courseCaptionsResponse>>(urlFor('api:admin-course-captions', { courseId }), {
          signal,
        }),
      ),
  });
}

export const useCourseCaptions = (courseId: number) => useQuery(courseCaptionsQueryOptions(courseId));
