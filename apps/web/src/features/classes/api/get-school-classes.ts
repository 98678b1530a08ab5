import type { schoolClassesResponse } from '@banksia/contracts/courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';

export type SchoolClasses = ReturnType<typeof schoolClassesResponse.parse>;

/**
 * A school's classes in one calendar year (the latest year with classes when `year` is null), with the years it has
 * classes in (api:school-classes; its teachers and staff).
 */
export async function getSchoolClasses(
  schoolId: number,
  year: number | null,
  signal?: AbortSignal,
): Promise<SchoolClasses> {
  const query = year === null ? '' : `?year=${year}`;
  return unwrap(
    await getJson<Answer<typeof schoolClassesResponse>>(`${urlFor('api:school-classes', { schoolId })}${query}`, {
      signal,
    }),
  );
}

export function schoolClassesQueryOptions(schoolId: number, year: number | null) {
  return queryOptions({
    queryKey: ['classes', 'school', schoolId, year],
    queryFn: ({ signal }) => getSchoolClasses(schoolId, year, signal),
  });
}

export function useSchoolClasses(schoolId: number | null, year: number | null) {
  return useQuery({ ...schoolClassesQueryOptions(schoolId ?? 0, year), enabled: schoolId !== null });
}
