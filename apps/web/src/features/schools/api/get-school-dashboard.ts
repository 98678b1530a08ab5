import type { schoolDashboardResponse, SchoolDashboard } from '@banksia/contracts/schools';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';

/** A school's classes of a year with their figures (api:school-dashboard; the school's teachers and staff). */
export async function getSchoolDashboard(
  schoolSlug: string,
  year: number | null,
  signal?: AbortSignal,
): Promise<SchoolDashboard> {
  const query = year === null ? '' : `?year=${year}`;
  return unwrap(
    await getJson<Answer<typeof schoolDashboardResponse>>(`${urlFor('api:school-dashboard', { schoolSlug })}${query}`, {
      signal,
    }),
  );
}

export function schoolDashboardQueryOptions(schoolSlug: string, year: number | null) {
  return queryOptions({
    queryKey: ['schools', 'dashboard', schoolSlug, year],
    queryFn: ({ signal }) => getSchoolDashboard(schoolSlug, year, signal),
  });
}

export function useSchoolDashboard(schoolSlug: string, year: number | null) {
  return useQuery(schoolDashboardQueryOptions(schoolSlug, year));
}
