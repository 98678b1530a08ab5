import type { myCoursesResponse } from '@banksia/contracts/courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { getJson, type Answer } from '../../../../lib/request';

export type MyCourse = ReturnType<typeof myCoursesResponse.parse>[number];

/** The courses the user reaches through their classes, each with those classes (api:my-courses). */
export async function getMyCourses(signal?: AbortSignal): Promise<MyCourse[]> {
  return unwrap(await getJson<Answer<typeof myCoursesResponse>>(urlFor('api:my-courses'), { signal }));
}

export function myCoursesQueryOptions() {
  return queryOptions({ queryKey: ['courses', 'mine'], queryFn: ({ signal }) => getMyCourses(signal) });
}

export function useMyCourses() {
  return useQuery(myCoursesQueryOptions());
}
