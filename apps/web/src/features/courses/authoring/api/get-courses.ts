import type { adminCoursesResponse, AdminCourses, AdminCoursesQuery } from '@banksia/contracts/authoring-courses';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { getJson, type Answer } from '../../../../lib/request';

/** The course list, searched and filtered (GET api:admin-courses). */
export async function getAdminCourses(query: AdminCoursesQuery, signal?: AbortSignal): Promise<AdminCourses> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const search = params.toString();
  return unwrap(
    await getJson<Answer<typeof adminCoursesResponse>>(`${urlFor('api:admin-courses')}${search ? `?${search}` : ''}`, {
      signal,
    }),
  );
}

export const adminCoursesQueryKey = ['authoring', 'courses'] as const;

export function adminCoursesQueryOptions(query: AdminCoursesQuery) {
  return queryOptions({
    queryKey: [...adminCoursesQueryKey, query],
    queryFn: ({ signal }) => getAdminCourses(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminCourses(query: AdminCoursesQuery) {
  return useQuery(adminCoursesQueryOptions(query));
}
