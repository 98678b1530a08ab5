import type { courseBranchOptionsResponse } from '@banksia/contracts/courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { getJson, type Answer } from '../../../../lib/request';

export type CourseBranchOption = ReturnType<typeof courseBranchOptionsResponse.parse>[number];

/** Courses as branch options: course id, title, year and label (api:branch-for-select-courses, type=course). */
export async function getCourseBranchOptions(signal?: AbortSignal): Promise<CourseBranchOption[]> {
  return unwrap(
    await getJson<Answer<typeof courseBranchOptionsResponse>>(
      `${urlFor('api:branch-for-select-courses')}?type=course`,
      {
        signal,
      },
    ),
  );
}

export function courseBranchOptionsQueryOptions() {
  return queryOptions({
    queryKey: ['courses', 'course-branch-options'],
    queryFn: ({ signal }) => getCourseBranchOptions(signal),
    staleTime: 5 * 60_000,
  });
}

export function useCourseBranchOptions() {
  return useQuery(courseBranchOptionsQueryOptions());
}
