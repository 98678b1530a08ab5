import type { captionReviewCoursesResponse } from '@banksia/contracts/videos';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';

export function reviewCoursesQueryOptions() {
  return queryOptions({
    queryKey: ['videos', 'review-courses'],
    queryFn: async ({ signal }) =>
      unwrap(
        await getJson<Answer<typeof captionReviewCoursesResponse>>(urlFor('api:admin-caption-review-courses'), {
          signal,
        }),
      ),
  });
}

export const useReviewCourses = () => useQuery(reviewCoursesQueryOptions());
