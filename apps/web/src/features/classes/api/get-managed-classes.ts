import type { managedClassesResponse, ManagedClasses } from '@banksia/contracts/classes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';

/** A school's classes of a year that the user may manage (api:class-management-classes). */
export async function getManagedClasses(
  schoolId: number,
  year: number | null,
  signal?: AbortSignal,
): Promise<ManagedClasses> {
  const query = year === null ? '' : `?year=${year}`;
  return unwrap(
    await getJson<Answer<typeof managedClassesResponse>>(
      `${urlFor('api:class-management-classes', { schoolId })}${query}`,
      {
        signal,
      },
    ),
  );
}

export const managedClassesKey = ['classes', 'managed'] as const;

export function managedClassesQueryOptions(schoolId: number, year: number | null) {
  return queryOptions({
    queryKey: [...managedClassesKey, schoolId, year],
    queryFn: ({ signal }) => getManagedClasses(schoolId, year, signal),
  });
}

export function useManagedClasses(schoolId: number | null, year: number | null) {
  return useQuery({ ...managedClassesQueryOptions(schoolId ?? 0, year), enabled: schoolId !== null });
}
