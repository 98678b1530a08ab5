import type { captionReviewQueueResponse } from '@banksia/contracts/videos';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';

export function reviewQueueQueryOptions(courseId: number) {
  return queryOptions({
    queryKey: ['videos', 'review-queue', courseId],
    queryFn: async ({ signal }) =>
      unwrap(
        await getJson<Answer<typeof captionReviewQueueResponse>>(
          urlFor('api:admin-caption-review-course', { courseId }),
          {
            signal,
          },
        ),
      ),
  });
}

export const useReviewQueue = (courseId: number) => useQuery(reviewQueueQueryOptions(courseId));
