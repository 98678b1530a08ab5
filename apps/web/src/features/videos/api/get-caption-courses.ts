import type { captionCoursesResponse } from '@banksia/contracts/videos';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';

export function captionCoursesQueryOptions() {
  return queryOptions({
    queryKey: ['videos', 'caption-courses'],
    queryFn: async ({ signal }) =>
      unwrap(await getJson<Answer<typeof captionCoursesResponse>>(urlFor('api:admin-captions'), { signal })),
  });
}

export const useCaptionCourses = () => useQuery(captionCoursesQueryOptions());
