import type { Course } from '@banksia/contracts/courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { getJson } from '../../../../lib/request';

/** Every published course: the library (api:courses). */
export async function getCourses(signal?: AbortSignal): Promise<Course[]> {
  return unwrap(await getJson<Course[]>(urlFor('api:courses'), { signal }));
}

export function coursesQueryOptions() {
  return queryOptions({
    queryKey: ['courses', 'all'],
    queryFn: ({ signal }) => getCourses(signal),
    staleTime: 5 * 60_000,
  });
}

export function useCourses() {
  return useQuery(coursesQueryOptions());
}
