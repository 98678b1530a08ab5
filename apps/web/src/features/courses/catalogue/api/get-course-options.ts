import type { courseOptionsResponse } from '@banksia/contracts/courses';
import type { CourseOption } from '@banksia/contracts/rules/course-selector';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { getJson, type Answer } from '../../../../lib/request';

/** The options of the course selector (api:course-options). */
export async function getCourseOptions(signal?: AbortSignal): Promise<CourseOption[]> {
  return unwrap(await getJson<Answer<typeof courseOptionsResponse>>(urlFor('api:course-options'), { signal }));
}

export function courseOptionsQueryOptions() {
  return queryOptions({
    queryKey: ['courses', 'options'],
    queryFn: ({ signal }) => getCourseOptions(signal),
    staleTime: 5 * 60_000,
  });
}

export function useCourseOptions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...courseOptionsQueryOptions(), enabled });
}
